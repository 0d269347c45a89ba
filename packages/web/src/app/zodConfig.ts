import { z } from 'zod'

// Strict CSP forbids eval: zod must not probe `new Function` when schemas are built at import time,
// so this module is imported before any other in main.tsx.
z.config({ jitless: true })
