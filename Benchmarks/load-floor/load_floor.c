#define _GNU_SOURCE /* O_CLOEXEC, pread, strnlen under -std=c11 */
#include "load_floor.h"

#include <pophost/pophost.h>
#include <pophost/ext/sample_data.h>

#include <dlfcn.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__x86_64__)
#define FLOOR_MACHINE 62
#elif defined(__aarch64__)
#define FLOOR_MACHINE 183
#endif

/* ---- The ELF pre-check: regular file, 64-bit little-endian shared object for this machine, whole. */

static uint16_t read16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint64_t read64(const unsigned char *p) {
    uint64_t value;
    memcpy(&value, p, sizeof value);
    return value;
}
static bool fits(uint64_t offset, uint64_t length, uint64_t size) { return offset <= size && length <= size - offset; }

static const char *check_elf(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return "cannot open";
    const char *problem = NULL;
    struct stat info;
    unsigned char head[1024];
    ssize_t got;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        problem = "not a regular file";
        goto done;
    }
    got = pread(fd, head, sizeof head, 0);
    uint64_t size = (uint64_t)info.st_size;
    if (got < 64 || memcmp(head, "\177ELF", 4) != 0 || head[4] != 2 || head[5] != 1) {
        problem = "not a 64-bit little-endian ELF file";
        goto done;
    }
    if (read16(head + 18) != FLOOR_MACHINE || read16(head + 16) != 3) {
        problem = "not a shared library for this machine";
        goto done;
    }
    uint64_t phoff = read64(head + 32), shoff = read64(head + 40);
    uint64_t phentsize = read16(head + 54), phnum = read16(head + 56);
    uint64_t shentsize = read16(head + 58), shnum = read16(head + 60);
    if (!fits(phoff, phentsize * phnum, size) || (shoff != 0 && !fits(shoff, shentsize * shnum, size))) {
        problem = "truncated headers";
        goto done;
    }
    if (phentsize < 56 || phnum == 0) goto done;
    const unsigned char *headers = head + phoff;
    unsigned char *far = NULL;
    if (phoff + phentsize * phnum > (uint64_t)got) {
        far = malloc(phentsize * phnum);
        if (!far || pread(fd, far, phentsize * phnum, (off_t)phoff) != (ssize_t)(phentsize * phnum)) {
            free(far);
            problem = "cannot read the program headers";
            goto done;
        }
        headers = far;
    }
    for (uint64_t index = 0; index < phnum; index++) {
        const unsigned char *entry = headers + index * phentsize;
        if (!fits(read64(entry + 8), read64(entry + 32), size)) {
            problem = "a segment lies past the end of the file";
            break;
        }
    }
    free(far);
done:
    close(fd);
    return problem;
}

/* ---- Strings: copied into one buffer per plugin, then checked there. */

typedef struct {
    char *bytes;
    size_t used, capacity;
} arena_t;

/* Copies `text` (NULL: empty) after checking its length; returns its offset, or SIZE_MAX. */
static size_t copy_string(arena_t *arena, const char *text, size_t limit) {
    size_t length = text ? strnlen(text, limit + 1) : 0;
    if (length > limit) return SIZE_MAX;
    if (arena->used + length + 1 > arena->capacity) {
        size_t capacity = arena->capacity * 2 > arena->used + length + 1 ? arena->capacity * 2 : arena->used + length + 1;
        char *grown = realloc(arena->bytes, capacity);
        if (!grown) return SIZE_MAX;
        arena->bytes = grown;
        arena->capacity = capacity;
    }
    size_t offset = arena->used;
    if (length) memcpy(arena->bytes + offset, text, length);
    arena->bytes[offset + length] = 0;
    arena->used += length + 1;
    return offset;
}

/* Whether `length` bytes are well-formed UTF-8 (no overlong forms, surrogates or code points past
 * U+10FFFF); ASCII is skipped eight bytes at a time. */
static bool is_utf8(const unsigned char *bytes, size_t length) {
    size_t i = 0;
    while (i < length) {
        if (i + 8 <= length) {
            uint64_t word;
            memcpy(&word, bytes + i, 8);
            if ((word & 0x8080808080808080ull) == 0) {
                i += 8;
                continue;
            }
        }
        unsigned char lead = bytes[i];
        if (lead < 0x80) {
            i++;
            continue;
        }
        size_t extra;
        unsigned char low = 0x80, high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) extra = 1;
        else if (lead >= 0xE0 && lead <= 0xEF) {
            extra = 2;
            if (lead == 0xE0) low = 0xA0;
            if (lead == 0xED) high = 0x9F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            extra = 3;
            if (lead == 0xF0) low = 0x90;
            if (lead == 0xF4) high = 0x8F;
        } else return false;
        if (extra >= length - i) return false;
        if (bytes[i + 1] < low || bytes[i + 1] > high) return false;
        for (size_t k = 2; k <= extra; k++)
            if ((bytes[i + k] & 0xC0) != 0x80) return false;
        i += extra + 1;
    }
    return true;
}

static bool is_label_byte(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

static bool is_reverse_dns(const char *id, size_t length) {
    if (length == 0 || !((id[0] >= 'a' && id[0] <= 'z') || (id[0] >= 'A' && id[0] <= 'Z')) || id[length - 1] == '.') return false;
    size_t dots = 0;
    for (size_t i = 0; i < length; i++) {
        if (id[i] == '.') {
            if (id[i - 1] == '.') return false;
            dots++;
        } else if (!is_label_byte((unsigned char)id[i])) return false;
    }
    return dots >= 1;
}

/* Every ABI struct starts with these two members. */
typedef struct {
    pop_version_t abi_version;
    uint32_t struct_size;
} header_t;

static bool header_ok(const void *pointer, size_t minimum) {
    const header_t *header = pointer;
    return header->abi_version.major == POP_VERSION_MAJOR && header->struct_size >= minimum;
}

/* The ids read so far (offsets into the arena), for the duplicate check. */
typedef struct {
    size_t offsets[1024 * 4 + 1];
    size_t count;
} ids_t;

static const char *read_descriptor(const pop_descriptor_t *descriptor, arena_t *arena, ids_t *ids) {
    const size_t limit = POP_DESCRIPTOR_MAX_STRING;
    if (!header_ok(descriptor, sizeof(pop_descriptor_t))) return "descriptor header";
    if (!descriptor->id || !descriptor->name) return "descriptor without id or name";
    size_t id = copy_string(arena, descriptor->id, limit);
    if (id == SIZE_MAX) return "id too long";
    size_t id_length = arena->used - id - 1;
    if (!is_reverse_dns(arena->bytes + id, id_length)) return "id not reverse-DNS";
    for (size_t i = 0; i < ids->count; i++)
        if (strcmp(arena->bytes + ids->offsets[i], arena->bytes + id) == 0) return "duplicate id";
    ids->offsets[ids->count++] = id;
    size_t name = copy_string(arena, descriptor->name, limit);
    if (name == SIZE_MAX || copy_string(arena, descriptor->vendor, limit) == SIZE_MAX ||
        copy_string(arena, descriptor->version, limit) == SIZE_MAX ||
        copy_string(arena, descriptor->description, limit) == SIZE_MAX)
        return "string too long";
    size_t first_feature = arena->used, features = 0;
    if (descriptor->features) {
        for (; descriptor->features[features]; features++) {
            if (features >= POP_DESCRIPTOR_MAX_FEATURES) return "too many features";
            if (copy_string(arena, descriptor->features[features], limit) == SIZE_MAX) return "feature too long";
        }
    }
    if (!is_utf8((const unsigned char *)arena->bytes + name, arena->used - name)) return "invalid UTF-8";
    if (arena->bytes[name] == 0) return "empty name";
    /* No feature twice: each against the ones before it. */
    const char *feature = arena->bytes + first_feature;
    for (size_t i = 0; i < features; i++) {
        const char *earlier = arena->bytes + first_feature;
        for (size_t j = 0; j < i; j++) {
            if (strcmp(earlier, feature) == 0) return "duplicate feature";
            earlier += strlen(earlier) + 1;
        }
        feature += strlen(feature) + 1;
    }
    return NULL;
}

/* ---- The host table a plugin's init receives: the extensions the loader offers. */

static void floor_log(const pop_host_t *host, pop_log_severity_t severity, const char *message) {
    (void)host, (void)severity, (void)message;
}
static const pop_host_log_t log_table = {POP_VERSION_INIT, sizeof(pop_host_log_t), floor_log};
static const char value_table[64];

static const void *floor_get_extension(const pop_host_t *host, const char *id) {
    (void)host;
    if (!id) return NULL;
    if (strcmp(id, POP_HOST_EXT_LOG) == 0) return &log_table;
    if (strcmp(id, POP_HOST_EXT_VALUE) == 0) return value_table;
    return NULL;
}
static void floor_request_callback(const pop_host_t *host) { (void)host; }
static const pop_host_t host_table = {
    POP_VERSION_INIT, sizeof(pop_host_t), NULL, "pophost-bench", "pophost", "floor", floor_get_extension, floor_request_callback};

/* ---- The load. */

static const char *read_components(const pop_plugin_entry_t *entry, arena_t *arena, ids_t *ids) {
    static const char *const kinds[] = {POP_FACTORY_HANDLER, POP_FACTORY_VIEW_LOADER, POP_FACTORY_CONTROLLER_LOADER,
                                        POP_FACTORY_REFORMER};
    size_t first_component = ids->count;
    for (size_t kind = 0; kind < sizeof kinds / sizeof *kinds; kind++) {
        const pop_component_factory_t *factory = entry->get_factory(kinds[kind]);
        if (!factory) continue;
        if (!header_ok(factory, sizeof *factory)) return "factory header";
        if (!factory->count || !factory->get_descriptor || !factory->create) return "factory lacks a function";
        uint32_t total = factory->count(factory);
        if (total > 1024) return "too many components";
        for (uint32_t index = 0; index < total; index++) {
            const pop_descriptor_t *descriptor = factory->get_descriptor(factory, index);
            if (!descriptor) return "no descriptor";
            const char *problem = read_descriptor(descriptor, arena, ids);
            if (problem) return problem;
        }
    }
    const pop_sample_data_factory_t *samples = entry->get_factory(POP_FACTORY_SAMPLE_DATA);
    if (!samples) return NULL;
    if (!header_ok(samples, sizeof *samples) || !samples->get) return "sample-data factory";
    for (size_t i = first_component; i < ids->count; i++) {
        const char *text = samples->get(samples, arena->bytes + ids->offsets[i]);
        if (!text) continue;
        size_t length = strnlen(text, POP_SAMPLE_DATA_MAX_BYTES + 1);
        if (length > POP_SAMPLE_DATA_MAX_BYTES || !is_utf8((const unsigned char *)text, length)) return "sample data";
        if (copy_string(arena, text, POP_SAMPLE_DATA_MAX_BYTES) == SIZE_MAX) return "sample data";
    }
    return NULL;
}

const char *pop_bench_floor_load(const char *path) {
    const char *problem = check_elf(path);
    if (problem) return problem;
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (!library) return "dlopen failed";
    void *symbol = dlsym(library, POP_PLUGIN_ENTRY_SYMBOL);
    if (!symbol) return "no entry";
    pop_plugin_entry_fn entry_function;
    memcpy(&entry_function, &symbol, sizeof entry_function); /* POSIX: a data pointer to a function */
    const pop_plugin_entry_t *entry = entry_function();
    if (!entry) return "entry returned NULL";
    if (!header_ok(entry, sizeof *entry) || !entry->init || !entry->deinit || !entry->get_factory) return "entry struct";
    if (!entry->plugin) return "no plugin descriptor";
    arena_t arena = {malloc(4096), 0, 4096};
    static ids_t ids;
    ids.count = 0;
    if (!arena.bytes) return "out of memory";
    problem = read_descriptor(entry->plugin, &arena, &ids);
    if (!problem) {
        if (!entry->init(&host_table, path)) problem = "init returned false";
        else {
            problem = read_components(entry, &arena, &ids);
            entry->deinit();
        }
    }
    free(arena.bytes);
    return problem;
}
