/* Targets for the FFI tests: action functions that record what they were passed into globals the
 * tests read back through dlsym, and callers of completion function pointers (pop_answer_fn,
 * pop_done_fn). Built with `cc -shared -fPIC -pthread` at test time. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* ---- What the last action call received ---------------------------------------------------- */

enum { SLOTS = 16, TEXT = 2048 };

int calls;                  /* action calls so far */
const void *got_ptr[SLOTS];
char got_str[SLOTS][TEXT];  /* copies: str arguments are valid only during the call */
bool got_str_null[SLOTS];
bool got_bool[SLOTS];
int32_t got_i32[SLOTS];
int64_t got_i64[SLOTS];
double got_f64[SLOTS];

static void take_str(int slot, const char *text) {
    got_str_null[slot] = text == NULL;
    strncpy(got_str[slot], text ? text : "", TEXT - 1);
    got_str[slot][TEXT - 1] = 0;
}

/* bool(self:ptr, action:str, request:i64, field.*:str, data.*:f64, data.*:ptr, field.*:bool, field.*:i32)
 * Returns its bool argument. */
bool every_source(const void *self, const char *action, int64_t request, const char *text, double amount,
                  const void *node, bool flag, int32_t count) {
    calls++;
    got_ptr[0] = self;
    take_str(1, action);
    got_i64[2] = request;
    take_str(3, text);
    got_f64[4] = amount;
    got_ptr[5] = node;
    got_bool[6] = flag;
    got_i32[7] = count;
    return flag;
}

/* void(X:bool, X:i32, X:i64, X:f64): one source read as each number type. */
void as_numbers(bool flag, int32_t small, int64_t large, double real) {
    calls++;
    got_bool[0] = flag;
    got_i32[1] = small;
    got_i64[2] = large;
    got_f64[3] = real;
}

/* void(data.X:bool, data.X:i32, data.X:i64, data.X:f64, data.X:str, data.X:ptr) */
void as_everything(bool flag, int32_t small, int64_t large, double real, const char *text, const void *node) {
    calls++;
    got_bool[0] = flag;
    got_i32[1] = small;
    got_i64[2] = large;
    got_f64[3] = real;
    take_str(4, text);
    got_ptr[5] = node;
}

/* 16 parameters, (str, i64, f64, bool) four times: more than fit in registers. Returns the sum of
 * the i64s. */
int64_t sixteen(const char *s0, int64_t l1, double d2, bool b3, const char *s4, int64_t l5, double d6, bool b7,
                const char *s8, int64_t l9, double d10, bool b11, const char *s12, int64_t l13, double d14,
                bool b15) {
    calls++;
    take_str(0, s0); got_i64[1] = l1; got_f64[2] = d2; got_bool[3] = b3;
    take_str(4, s4); got_i64[5] = l5; got_f64[6] = d6; got_bool[7] = b7;
    take_str(8, s8); got_i64[9] = l9; got_f64[10] = d10; got_bool[11] = b11;
    take_str(12, s12); got_i64[13] = l13; got_f64[14] = d14; got_bool[15] = b15;
    return l1 + l5 + l9 + l13;
}

/* Results: each returns its argument in its own type (i32 truncates). */
void returns_void(void) { calls++; }
bool returns_bool(bool value) { calls++; return value; }
int32_t returns_i32(int64_t value) { calls++; return (int32_t)value; }
int64_t returns_i64(int64_t value) { calls++; return value; }

/* The measured target: bool f(void *, const char *, double). */
__attribute__((noinline)) bool timed(const void *self, const char *text, double amount) {
    return self != NULL && text[0] != 0 && amount > 0;
}

/* ---- Completions ----------------------------------------------------------------------------- */

/* Calls `answer(value)` `times` times on this thread. */
void call_answer(void (*answer)(bool), bool value, int times) {
    for (int i = 0; i < times; i++) answer(value);
}

/* Calls `done()` `times` times on this thread. */
void call_done(void (*done)(void), int times) {
    for (int i = 0; i < times; i++) done();
}

/* The thread call_answer_on_threads last started, for the test to compare with its callback's. */
pthread_t last_thread;

typedef struct { void (*answer)(bool); bool value; pthread_barrier_t *start; } thread_call;

static void *answer_on_thread(void *argument) {
    thread_call *call = argument;
    pthread_barrier_wait(call->start);
    call->answer(call->value);
    return NULL;
}

/* Calls `answer` once from each of `count` (1...16) new threads, all released at once; the first
 * thread answers true, the others false. Returns after joining them. */
void call_answer_on_threads(void (*answer)(bool), int count) {
    pthread_t threads[16];
    thread_call jobs[16];
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, (unsigned)count);
    for (int i = 0; i < count; i++) {
        jobs[i] = (thread_call){answer, i == 0, &start};
        pthread_create(&threads[i], NULL, answer_on_thread, &jobs[i]);
    }
    last_thread = threads[0];
    for (int i = 0; i < count; i++) pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&start);
}
