#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo take variadic arguments, which Swift cannot call;
// these typed forms can be.

/// A curl write or header callback: returns the bytes taken, fewer to stop the transfer.
typedef size_t (*calgen_curl_data_callback)(char *data, size_t size, size_t count, void *context);
/// A curl progress callback: non-zero stops the transfer.
typedef int (*calgen_curl_progress_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow,
                                             curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode calgen_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode calgen_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode calgen_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode calgen_curl_set_data_callback(CURL *handle, CURLoption option,
                                                     calgen_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode calgen_curl_set_progress_callback(CURL *handle, calgen_curl_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode calgen_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode calgen_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode calgen_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_ALL);
}
