/* pophost plugin ABI — request data as a read-only value tree.
 *
 * A popup request carries data (the JSON data model: null, bool, integer, double, string, array,
 * object). It crosses the boundary as opaque `const pop_value_t *` handles owned by the host, read
 * through the getters of the host extension "pop.value/1". No parsing in the plugin, no copies:
 * a handle and every string read from it stay valid until the request's final event
 * (pop_handler_t.finished) returns.
 *
 * Components that produce data (reformers) write it through a pop_value_writer_t.
 */
#ifndef POPHOST_VALUE_H
#define POPHOST_VALUE_H

#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An immutable node of a request's data. Opaque; owned by the host. NULL reads as null. */
typedef struct pop_value pop_value_t;

/* Value types, as returned by pop_host_value_t.type. */
typedef int32_t pop_value_type_t;
enum {
    POP_VALUE_NULL = 0,
    POP_VALUE_BOOL = 1,
    POP_VALUE_INT = 2, /* a signed 64-bit integer */
    POP_VALUE_DOUBLE = 3,
    POP_VALUE_STRING = 4,
    POP_VALUE_ARRAY = 5,
    POP_VALUE_OBJECT = 6, /* members keep their order; keys are unique */
};

#define POP_HOST_EXT_VALUE "pop.value/1"

/* Getters for request data. All [thread-safe] (the tree never changes), all total: a getter asked
 * for the wrong type returns its fallback, NULL or 0, never crashes on a valid handle. */
typedef struct pop_host_value {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_host_value_t) in the host's build */

    /* One of POP_VALUE_*. */
    pop_value_type_t (*type)(const pop_value_t *value);
    /* The boolean, or `fallback` when `value` is not a bool. */
    bool (*get_bool)(const pop_value_t *value, bool fallback);
    /* The integer (a double with an integral value in range counts), or `fallback`. */
    int64_t (*get_int)(const pop_value_t *value, int64_t fallback);
    /* The number (integer or double), or `fallback`. */
    double (*get_double)(const pop_value_t *value, double fallback);
    /* The string (UTF-8, NUL-terminated), or NULL when `value` is not a string. */
    const char *(*get_string)(const pop_value_t *value);
    /* Number of elements of an array or members of an object; 0 for anything else. */
    uint32_t (*count)(const pop_value_t *value);
    /* Element `index` of an array, or the value of member `index` of an object; NULL outside. */
    const pop_value_t *(*at)(const pop_value_t *value, uint32_t index);
    /* The key of member `index` of an object; NULL for anything else. */
    const char *(*key_at)(const pop_value_t *value, uint32_t index);
    /* The member `key` of an object; NULL when absent or not an object. */
    const pop_value_t *(*get)(const pop_value_t *value, const char *key);
    /* Follows a dotted path of keys and array indices ("order.items.0.price"); NULL when any step
     * is missing. The empty path is `value` itself. */
    const pop_value_t *(*lookup)(const pop_value_t *value, const char *path);
} pop_host_value_t;

/* Writes one value, in document order, like a streaming JSON writer. Owned by the host; valid only
 * during the call it is passed to; [main-thread]. Misuse (a key outside an object, an unbalanced
 * end, invalid UTF-8, two top-level values) makes the output invalid and the call a plugin error. */
typedef struct pop_value_writer {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_value_writer_t) in the host's build */
    void *host_ctx;       /* reserved for the host */

    void (*write_null)(const struct pop_value_writer *writer);
    void (*write_bool)(const struct pop_value_writer *writer, bool value);
    void (*write_int)(const struct pop_value_writer *writer, int64_t value);
    void (*write_double)(const struct pop_value_writer *writer, double value); /* finite only */
    void (*write_string)(const struct pop_value_writer *writer, const char *utf8);
    void (*begin_array)(const struct pop_value_writer *writer);
    void (*begin_object)(const struct pop_value_writer *writer);
    /* Inside an object: the key of the member whose value is written next. */
    void (*write_key)(const struct pop_value_writer *writer, const char *utf8);
    /* Closes the innermost open array or object. */
    void (*end)(const struct pop_value_writer *writer);
} pop_value_writer_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_VALUE_H */
