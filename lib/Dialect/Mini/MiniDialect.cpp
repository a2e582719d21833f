#include "mini/Dialect/Mini/MiniDialect.h"
#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mini;

#include "mini/Dialect/Mini/MiniOpsDialect.cpp.inc"

#include "mini/Dialect/Mini/MiniEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "mini/Dialect/Mini/MiniAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "mini/Dialect/Mini/MiniOpsTypes.cpp.inc"

void MiniDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "mini/Dialect/Mini/MiniAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "mini/Dialect/Mini/MiniOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "mini/Dialect/Mini/MiniOps.cpp.inc"
      >();
}
