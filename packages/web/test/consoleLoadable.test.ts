import { describe, expect, it } from 'vitest'
import { loadableAt } from '../src/widgets/consoleLoadable.ts'

/** What the console's CSP lets a page load (img-src / media-src), decided without a browser (decision 0033). */
describe('loadableAt', () => {
  const page = 'http://127.0.0.1:8080/articleAuditDetail?id=3'
  const KEY = 'image/2026-01/0123456789abcdef0123456789abcdef.png'

  it('our files by path, and the page’s own origin, load at whatever address the console is reached', () => {
    expect(loadableAt(`/files/${KEY}`, page)).toBe(true)
    expect(loadableAt(`/files/${KEY}`, 'http://192.0.2.2:8080/x')).toBe(true)
    expect(loadableAt(`http://127.0.0.1:8080/files/${KEY}`, page)).toBe(true)
    // An absolute address of another name of the same server is another origin to the browser.
    expect(loadableAt(`http://localhost:8080/files/${KEY}`, page)).toBe(false)
  })

  it('https anywhere; plain http elsewhere only from the storage’s own origins', () => {
    expect(loadableAt('https://news.example.com/a.png', page)).toBe(true)
    expect(loadableAt('http://news.example.com/a.png', page)).toBe(false)
    expect(loadableAt('//news.example.com/a.png', page)).toBe(false)
    const storage = ['http://minio.lan:9000/media', '/files']
    expect(loadableAt(`http://minio.lan:9000/media/${KEY}`, page, 'image', storage)).toBe(true)
    expect(loadableAt(`http://minio.lan:9001/media/${KEY}`, page, 'image', storage)).toBe(false)
    expect(loadableAt(`http://minio.lan:9000/media/${KEY}.mp4`, page, 'media', storage)).toBe(true)
  })

  it('data: for pictures only, blob: for both; nothing for an empty or broken address', () => {
    expect(loadableAt('data:image/png;base64,AAAA', page)).toBe(true)
    expect(loadableAt('data:video/mp4;base64,AAAA', page, 'media')).toBe(false)
    expect(loadableAt('blob:http://127.0.0.1:8080/1', page, 'media')).toBe(true)
    expect(loadableAt('', page)).toBe(false)
    expect(loadableAt(null, page)).toBe(false)
    expect(loadableAt('http://[bad', page)).toBe(false)
  })
})
