#ifndef HARBETH_CVULKAN_SHIM_H
#define HARBETH_CVULKAN_SHIM_H

#include <vulkan/vulkan.h>

// Vulkan's version helpers are macros, which Swift cannot import.
static inline uint32_t cvk_make_api_version(uint32_t variant, uint32_t major, uint32_t minor, uint32_t patch) {
    return VK_MAKE_API_VERSION(variant, major, minor, patch);
}
static inline uint32_t cvk_api_version_major(uint32_t version) { return VK_API_VERSION_MAJOR(version); }
static inline uint32_t cvk_api_version_minor(uint32_t version) { return VK_API_VERSION_MINOR(version); }
static inline uint32_t cvk_api_version_patch(uint32_t version) { return VK_API_VERSION_PATCH(version); }

static inline uint64_t cvk_whole_size(void) { return VK_WHOLE_SIZE; }
static inline uint32_t cvk_queue_family_ignored(void) { return VK_QUEUE_FAMILY_IGNORED; }
static inline uint32_t cvk_remaining_mip_levels(void) { return VK_REMAINING_MIP_LEVELS; }
static inline uint32_t cvk_remaining_array_layers(void) { return VK_REMAINING_ARRAY_LAYERS; }

#endif
