#ifndef MINI_DIALECT_MINI_MINIOPS_H
#define MINI_DIALECT_MINI_MINIOPS_H

#include "mini/Dialect/Mini/MiniDialect.h"
#include "mini/Dialect/Mini/MiniEnums.h"
#include "mini/Dialect/Mini/SharedLayout.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_ATTRDEF_CLASSES
#include "mini/Dialect/Mini/MiniAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "mini/Dialect/Mini/MiniOpsTypes.h.inc"

#define GET_OP_CLASSES
#include "mini/Dialect/Mini/MiniOps.h.inc"

#endif
