{
  "targets": [
    {
      "target_name": "aead",
      "sources": ["native/aead.c"],
      "cflags": ["-O2", "-Wall", "-Wextra"]
    }
  ]
}
