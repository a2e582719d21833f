import os
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "MINI"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.mini_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

config.substitutions.append(("%mini_src", config.mini_src_root))
config.substitutions.append(("%cuda_toolkit", config.cuda_toolkit))
config.substitutions.append(("%python", sys.executable))

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.mini_tools_dir, append_path=True)
tools = ["mini-opt", "mini-run", "FileCheck", "not", "count"]
llvm_config.add_tool_substitutions(tools, [config.mini_tools_dir, config.llvm_tools_dir])

# Tests that run ptxas (gpu-module-to-binary) need the CUDA toolkit.
if os.path.exists(os.path.join(config.cuda_toolkit, "bin", "ptxas")):
    config.available_features.add("cuda-toolkit")
