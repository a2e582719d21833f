#include "mini/Dialect/Mini/MiniDialect.h"
#include "mini/Dialect/Mini/MiniOps.h"

using namespace mlir;
using namespace mini;

#include "mini/Dialect/Mini/MiniOpsDialect.cpp.inc"

void MiniDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "mini/Dialect/Mini/MiniOps.cpp.inc"
      >();
}
