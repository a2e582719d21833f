#ifndef MINI_DIALECT_MINI_MINIDIALECT_H
#define MINI_DIALECT_MINI_MINIDIALECT_H

#include "mlir/IR/Dialect.h"

#include "mini/Dialect/Mini/MiniOpsDialect.h.inc"

#endif
