// jemalloc's settings, read from this variable when the program starts (jemalloc's documented
// way; MALLOC_CONF in the environment still overrides it). Linked in only with jemalloc
// (CMakeLists.txt, IRONLOG_MALLOC).
//
// Pages freed and not reused go back to the system after about a second rather than ten: with
// the ten-second default, `archive add` of 256 MB of games with many findings peaked at 47 to
// 56 MiB against 34.5 with tcmalloc; with one second, 36.7 to 39 (docs/performance.md, "The
// allocator").
extern "C" {
extern const char* malloc_conf;
const char* malloc_conf = "dirty_decay_ms:1000";
}
