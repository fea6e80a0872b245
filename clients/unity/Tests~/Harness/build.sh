#!/bin/sh
# Builds the proof-without-Unity harness with Mono's mcs (Debian: apt-get install mono-mcs libnewtonsoft-json-cil-dev):
#   1. the whole Runtime/, Editor/ and Samples~/ folders against compile-only UnityEngine/UnityEditor stubs (a type check), then
#   2. NavHarness.exe from the engine-free Runtime/Core/ and the .cs files of this folder.
# Usage: build.sh [OUTDIR] (default: ./build). Run with: mono OUTDIR/NavHarness.exe --self-test | --host ... --port ...
set -eu
here=$(cd "$(dirname "$0")" && pwd)
pkg=$(cd "$here/../.." && pwd)
out=${1:-$here/build}
mkdir -p "$out"
nj=${NEWTONSOFT_JSON_DLL:-$(ls /usr/lib/cli/Newtonsoft.Json-*/Newtonsoft.Json.dll 2>/dev/null | head -n 1)}
if [ -z "$nj" ] || [ ! -f "$nj" ]; then
  echo "build.sh: Newtonsoft.Json.dll not found (apt-get install libnewtonsoft-json-cil-dev, or set NEWTONSOFT_JSON_DLL)" >&2
  exit 3
fi
mcs_flags="-langversion:7.2 -warnaserror -nologo"
mcs $mcs_flags -target:library -out:"$out/UnityStubs.dll" "$here"/Stubs/*.cs
mcs $mcs_flags -target:library -out:"$out/NavServer.Client.dll" -r:"$nj" -r:"$out/UnityStubs.dll" \
    $(find "$pkg/Runtime" -name '*.cs' | sort)
mcs $mcs_flags -target:library -out:"$out/NavServer.Client.Editor.dll" -r:"$nj" -r:"$out/UnityStubs.dll" \
    -r:"$out/NavServer.Client.dll" $(find "$pkg/Editor" -name '*.cs' | sort)
mcs $mcs_flags -target:library -out:"$out/NavServer.Client.Samples.dll" -r:"$nj" -r:"$out/UnityStubs.dll" \
    -r:"$out/NavServer.Client.dll" $(find "$pkg/Samples~" -name '*.cs' | sort)
mcs $mcs_flags -target:exe -out:"$out/NavHarness.exe" -r:"$nj" \
    $(find "$pkg/Runtime/Core" -name '*.cs' | sort) "$here"/*.cs
cp "$nj" "$out/"
echo "build.sh: built $out/NavHarness.exe (Runtime/, Editor/ and Samples~/ type-checked against the stubs)"
