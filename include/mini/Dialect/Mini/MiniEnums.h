// The dialect's enums (MiniEnums.td) and the parser of their quoted form.
#ifndef MINI_DIALECT_MINI_MINIENUMS_H
#define MINI_DIALECT_MINI_MINIENUMS_H

#include "mlir/IR/DialectImplementation.h"

#include "mini/Dialect/Mini/MiniEnums.h.inc"

namespace mini {

/// Parses "word" as enum E; an unknown word is an error naming `what` and
/// listing the valid words.
template <typename E>
mlir::FailureOr<E> parseQuotedEnum(mlir::AsmParser &parser, llvm::StringRef what) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  std::string word;
  if (parser.parseString(&word))
    return mlir::failure();
  if (std::optional<E> value = symbolizeEnum<E>(word))
    return *value;
  // The cases are numbered 0, 1, ...; stringifyEnum gives "" past the last.
  llvm::SmallVector<llvm::StringRef> words;
  for (uint32_t i = 0; !stringifyEnum(static_cast<E>(i)).empty(); ++i)
    words.push_back(stringifyEnum(static_cast<E>(i)));
  mlir::InFlightDiagnostic diag = parser.emitError(loc) << what << " must be ";
  for (size_t i = 0; i < words.size(); ++i)
    diag << (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") << '"' << words[i] << '"';
  diag << ", got \"" << word << "\"";
  return mlir::failure();
}

} // namespace mini

#endif
