#ifndef HARBETH_CGLSLANG_SHIM_H
#define HARBETH_CGLSLANG_SHIM_H

#include <glslang/Include/glslang_c_interface.h>
#include <glslang/Public/resource_limits_c.h>
#include <glslang/build_info.h>

static inline int cglslang_version_major(void) { return GLSLANG_VERSION_MAJOR; }
static inline int cglslang_version_minor(void) { return GLSLANG_VERSION_MINOR; }
static inline int cglslang_version_patch(void) { return GLSLANG_VERSION_PATCH; }

#endif
