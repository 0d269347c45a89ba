/*
 * sealEnvelope(key, iv, aad, plain) -> '{"iv":"<base64url>","c":"<base64url ciphertext||tag>"}'
 *
 * AES-256-GCM in one call, with the OpenSSL that node itself links and exports. node:crypto needs a
 * Cipheriv object per message (a JS object, a native context freed only by the garbage collector);
 * sealing every API reply that way cost an encrypted GET a third of its throughput. Here one context
 * is reused (the addon runs on the main thread only) and the envelope is written in C.
 */
#define NAPI_VERSION 8
#include <node_api.h>
#include <openssl/evp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static EVP_CIPHER_CTX *ctx;
/* The key the context was last keyed with: consecutive replies to one browser skip the key schedule. */
static unsigned char last_key[32];
static int keyed;
static const char B64URL[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* Unpadded base64url of n bytes into out; returns the characters written. */
static size_t base64url(const unsigned char *in, size_t n, char *out) {
  size_t o = 0, i = 0;
  for (; i + 2 < n; i += 3) {
    unsigned v = (unsigned)in[i] << 16 | (unsigned)in[i + 1] << 8 | in[i + 2];
    out[o++] = B64URL[v >> 18];
    out[o++] = B64URL[v >> 12 & 63];
    out[o++] = B64URL[v >> 6 & 63];
    out[o++] = B64URL[v & 63];
  }
  if (n - i == 1) {
    unsigned v = (unsigned)in[i] << 16;
    out[o++] = B64URL[v >> 18];
    out[o++] = B64URL[v >> 12 & 63];
  } else if (n - i == 2) {
    unsigned v = (unsigned)in[i] << 16 | (unsigned)in[i + 1] << 8;
    out[o++] = B64URL[v >> 18];
    out[o++] = B64URL[v >> 12 & 63];
    out[o++] = B64URL[v >> 6 & 63];
  }
  return o;
}

static int buffer_arg(napi_env env, napi_value v, unsigned char **data, size_t *len) {
  bool is;
  return napi_is_buffer(env, v, &is) == napi_ok && is &&
         napi_get_buffer_info(env, v, (void **)data, len) == napi_ok;
}

static napi_value seal_envelope(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  unsigned char *key, *iv, *aad, *plain;
  size_t key_len, iv_len, aad_len, plain_len;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc != 4 || !buffer_arg(env, argv[0], &key, &key_len) || !buffer_arg(env, argv[1], &iv, &iv_len) ||
      !buffer_arg(env, argv[2], &aad, &aad_len) || !buffer_arg(env, argv[3], &plain, &plain_len) ||
      key_len != 32 || iv_len != 12 || plain_len > INT32_MAX - 16 || aad_len > INT32_MAX) {
    napi_throw_type_error(env, NULL, "sealEnvelope(key: 32 bytes, iv: 12 bytes, aad, plain)");
    return NULL;
  }
  size_t sealed_len = plain_len + 16;
  size_t text_cap = 7 + 16 + 7 + (sealed_len + 2) / 3 * 4 + 2;
  unsigned char *sealed = malloc(sealed_len);
  char *text = malloc(text_cap);
  int n = 0, fin = 0;
  int same_key = keyed && memcmp(last_key, key, 32) == 0;
  int ok = sealed && text && EVP_EncryptInit_ex(ctx, NULL, NULL, same_key ? NULL : key, iv) &&
           EVP_EncryptUpdate(ctx, NULL, &n, aad, (int)aad_len) &&
           EVP_EncryptUpdate(ctx, sealed, &n, plain, (int)plain_len) &&
           EVP_EncryptFinal_ex(ctx, sealed + n, &fin) &&
           EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, sealed + plain_len);
  napi_value result = NULL;
  if (!same_key) {
    /* Remember the key only once the context holds it; a failed init leaves nothing to reuse. */
    keyed = ok;
    if (ok) memcpy(last_key, key, 32);
  }
  if (ok) {
    size_t o = 0;
    memcpy(text, "{\"iv\":\"", 7), o = 7;
    o += base64url(iv, 12, text + o);
    memcpy(text + o, "\",\"c\":\"", 7), o += 7;
    o += base64url(sealed, sealed_len, text + o);
    memcpy(text + o, "\"}", 2), o += 2;
    napi_create_string_latin1(env, text, o, &result);
  } else napi_throw_error(env, NULL, "AES-256-GCM seal failed");
  free(sealed);
  free(text);
  return result;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  /* The cipher is set once: initialising with it per call looked it up in OpenSSL's provider tables each time. */
  ctx = EVP_CIPHER_CTX_new();
  if (!ctx || !EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), NULL, NULL, NULL)) return NULL;
  napi_create_function(env, "sealEnvelope", NAPI_AUTO_LENGTH, seal_envelope, NULL, &fn);
  napi_set_named_property(env, exports, "sealEnvelope", fn);
  return exports;
}
