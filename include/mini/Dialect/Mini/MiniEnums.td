#ifndef MINI_ENUMS_TD
#define MINI_ENUMS_TD

include "mini/Dialect/Mini/MiniDialect.td"
include "mlir/IR/EnumAttr.td"

def Mini_MathUnit : I32EnumAttr<"MathUnit", "the unit that does a kernel's multiply-adds", [
    I32EnumAttrCase<"simt", 0>,      // CUDA cores
    I32EnumAttrCase<"mma_sync", 1>,  // ldmatrix + mma.sync fragments
    I32EnumAttrCase<"wmma", 2>,      // gpu.subgroup_mma (WMMA) fragments
    I32EnumAttrCase<"wgmma", 3>,     // sm_90a warpgroup MMA from shared memory
    I32EnumAttrCase<"gemv", 4>       // CUDA cores, B streamed once (a few rows of A)
  ]> {
  let cppNamespace = "::mini";
  let genSpecializedAttr = 0;
}

def Mini_CopyKind : I32EnumAttr<"CopyKind", "how tiles reach shared memory", [
    I32EnumAttrCase<"cp_async", 0>,  // every thread, cp.async groups
    I32EnumAttrCase<"tma", 1>        // one thread, TMA boxes and mbarriers
  ]> {
  let cppNamespace = "::mini";
  let genSpecializedAttr = 0;
}

/// `#mini.math<wgmma>`: the fragments a function's warp-level matmul ops
/// lower to (its `mini.mma_kind`).
def Mini_MathUnitAttr : EnumAttr<Mini_Dialect, Mini_MathUnit, "math"> {
  let assemblyFormat = "`<` $value `>`";
}

/// An enum parameter of a config attribute, written as a quoted string
/// (`math = "wgmma"`) as before the enums; an unknown word is a parse error
/// that lists the valid ones.
class Mini_QuotedEnumParameter<EnumAttrInfo info, string desc>
    : AttrParameter<"::mini::" # info.className, desc> {
  let parser = "::mini::parseQuotedEnum<::mini::" # info.className # ">($_parser, \"" # desc # "\")";
  let printer = "$_printer << '\"' << ::mini::stringifyEnum($_self) << '\"'";
}

def Mini_MathParameter : Mini_QuotedEnumParameter<Mini_MathUnit, "math">;
def Mini_CopyParameter : Mini_QuotedEnumParameter<Mini_CopyKind, "copy"> {
  let defaultValue = "::mini::CopyKind::cp_async";
}

#endif
