import { describe, expect, it } from 'vitest'
import {
  classifyPaste,
  externalImageUrls,
  imageUrlFromText,
  isLinkOnlyHtml,
  linkOnlyHref,
  ownFilePaths,
  PASTE_ERROR_MESSAGES,
  pasteErrorMessage,
  pictureUrls,
  stripLocalImages,
} from '../src/rules/paste.ts'

const clip = (html: string, text = '', hasFiles = false) => ({ html, text, hasFiles })

// Heads of what real clipboards carry.
const WORD_WIN =
  '<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head><meta name=ProgId content=Word.Document><meta name=Generator content="Microsoft Word 15"></head><body><p class=MsoNormal>正文<o:p></o:p></p></body></html>'
const WORD_MAC = '<p style="margin:0cm;font-size:12pt;mso-fareast-font-family:宋体">正文</p>'
const GOOGLE_DOCS =
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-3c5b1a2e-7fff-1b7d-98e2-0a1b2c3d4e5f"><p dir="ltr"><span>正文</span></p></b>'
const SHEETS = '<google-sheets-html-origin><table><tr><td>1</td></tr></table>'

describe('classifyPaste (spec §4 order: plain text, Word, Google Docs, native HTML, image)', () => {
  it('plain text: text only', () => {
    expect(classifyPaste(clip('', '正文'))).toBe('plainText')
    expect(classifyPaste(clip('  ', 'a<b'))).toBe('plainText')
  })
  it('Word from Windows and Mac, before Google Docs and HTML', () => {
    expect(classifyPaste(clip(WORD_WIN, '正文'))).toBe('word')
    expect(classifyPaste(clip(WORD_MAC, '正文'))).toBe('word')
    expect(classifyPaste(clip(`${GOOGLE_DOCS}<p class="MsoNormal">x</p>`, 'x'))).toBe('word')
  })
  it('Google Docs and Sheets', () => {
    expect(classifyPaste(clip(GOOGLE_DOCS, '正文'))).toBe('googleDocs')
    expect(classifyPaste(clip(SHEETS, '1'))).toBe('googleDocs')
  })
  it('native HTML, also with an image file beside it (a browser’s 复制图片)', () => {
    expect(classifyPaste(clip('<p>网页 <b>文字</b></p>', '网页 文字'))).toBe('html')
    expect(classifyPaste(clip('<img src="https://a.example/x.png">', '', true))).toBe('html')
    // A word in the text that merely looks like a marker does not make it Word.
    expect(classifyPaste(clip('<p>mso-like text: urn</p>', 'x'))).toBe('html')
  })
  it('image: files without HTML (a screenshot, a file manager copy with its name as text)', () => {
    expect(classifyPaste(clip('', '', true))).toBe('image')
    expect(classifyPaste(clip('', 'photo.png', true))).toBe('image')
  })
  it('nothing to paste', () => {
    expect(classifyPaste(clip('', ''))).toBeNull()
  })
})

describe('externalImageUrls', () => {
  const own = ['https://ops.example.cn', 'https://cdn.example.cn/media']
  it('finds img src and CSS background images not from our storage, once each, in order', () => {
    const html = [
      '<p><img alt="a" src="https://other.example/a.jpg?x=1&amp;y=2"></p>',
      "<img src='/files/image/own.png'>",
      '<img src="https://ops.example.cn/files/image/own.png">',
      '<img src="https://cdn.example.cn/media/image/own.png">',
      '<img src="https://cdn.example.cn/other/x.png">',
      '<section style="background-image: url(&quot;https://bg.example/b.png&quot;); color:red"></section>',
      "<div style='background: #fff url(//proto.example/c.gif) no-repeat'></div>",
      '<img src="https://other.example/a.jpg?x=1&amp;y=2">',
      '<img src="data:image/png;base64,AAAA"><img data-src="https://lazy.example/x.png">',
    ].join('')
    expect(externalImageUrls(html, own)).toEqual([
      'https://other.example/a.jpg?x=1&y=2',
      'https://cdn.example.cn/other/x.png',
      'https://bg.example/b.png',
      '//proto.example/c.gif',
    ])
  })
  it('an origin match is exact (scheme and port)', () => {
    expect(externalImageUrls('<img src="http://ops.example.cn/a.png">', own)).toEqual([
      'http://ops.example.cn/a.png',
    ])
    expect(externalImageUrls('<img src="https://ops.example.cn:8443/a.png">', own)).toHaveLength(1)
  })
})

describe('ownFilePaths (decision 0033: local files are addressed by path)', () => {
  const KEY = 'image/2026-01/0123456789abcdef0123456789abcdef.png'
  const local = ['/files', 'http://localhost:8080/files']
  it('gives our files at an absolute address — PUBLIC_URL or the page itself — their path', () => {
    const html = [
      `<img src="http://localhost:8080/files/${KEY}">`,
      `<img src="http://127.0.0.1:8080/files/${KEY}?v=1">`,
      `<img src="/files/${KEY}">`,
      `<img src="http://news.example.com/files/${KEY}">`,
      '<img src="http://127.0.0.1:8080/other/x.png">',
      `<div style="background-image: url('http://localhost:8080/files/${KEY}')"></div>`,
    ].join('')
    expect(Object.fromEntries(ownFilePaths(html, local, 'http://127.0.0.1:8080'))).toEqual({
      [`http://localhost:8080/files/${KEY}`]: `/files/${KEY}`,
      [`http://127.0.0.1:8080/files/${KEY}?v=1`]: `/files/${KEY}?v=1`,
    })
  })
  it('nothing for a storage of its own origin (S3, a CDN): its addresses stay absolute', () => {
    const s3 = ['http://minio.lan:9000/media']
    const html = `<img src="http://minio.lan:9000/media/${KEY}"><img src="http://127.0.0.1:8080/files/${KEY}">`
    expect(ownFilePaths(html, s3, 'http://127.0.0.1:8080').size).toBe(0)
  })
  it('pictureUrls lists <img src> only', () => {
    expect(
      pictureUrls(
        '<img src="/a.png"><p style="background:url(/b.png)"></p><img alt="x" src=\'c&amp;d.png\'>',
      ),
    ).toEqual(['/a.png', 'c&d.png'])
  })
})

describe('local images (spec §5: removed when the setting is off)', () => {
  it('removes data:, blob: and file: images and counts them', () => {
    const r = stripLocalImages(
      '<p>a<img src="data:image/png;base64,AA">b<img src="file:///C:/Users/x/msohtmlclip1/01/clip_image001.png"><img src=\'blob:https://x/1\'><img src="https://a.example/x.png"></p>',
    )
    expect(r).toEqual({ html: '<p>ab<img src="https://a.example/x.png"></p>', removed: 3 })
    expect(stripLocalImages('<p>无图</p>')).toEqual({ html: '<p>无图</p>', removed: 0 })
  })
})

describe('link-only HTML and image addresses in text (spec §5)', () => {
  it('link-only HTML', () => {
    expect(linkOnlyHref('<meta charset="utf-8"><a href="https://a.example/p?a=1&amp;b=2">标题</a>')).toBe(
      'https://a.example/p?a=1&b=2',
    )
    expect(
      isLinkOnlyHtml(
        '<html><body><!--StartFragment--><a href="https://a.example">x</a><!--EndFragment--></body></html>',
      ),
    ).toBe(true)
    expect(isLinkOnlyHtml('<p><a href="https://a.example">x</a></p>')).toBe(false)
    expect(isLinkOnlyHtml('<a href="https://a.example">x</a> 还有文字')).toBe(false)
    expect(isLinkOnlyHtml('<a href="javascript:alert(1)">x</a>')).toBe(false)
    expect(isLinkOnlyHtml('<a href="https://a">x</a><a href="https://b">y</a>')).toBe(false)
  })
  it('image URL ending gif, jpg, jpeg, png', () => {
    expect(imageUrlFromText(' https://a.example/p/x.JPG ')).toBe('https://a.example/p/x.JPG')
    expect(imageUrlFromText('https://a.example/x.png?w=100#top')).toBe('https://a.example/x.png?w=100#top')
    expect(imageUrlFromText('https://a.example/x.gif')).toBe('https://a.example/x.gif')
    expect(imageUrlFromText('https://a.example/x.webp')).toBeNull()
    expect(imageUrlFromText('https://a.example/x.png 和文字')).toBeNull()
    expect(imageUrlFromText('ftp://a.example/x.png')).toBeNull()
    expect(imageUrlFromText('看 https://a.example/x.png')).toBeNull()
  })
})

describe('paste error keys (spec §8)', () => {
  it('each key has a Chinese message; unknown keys fall back to the general one', () => {
    expect(Object.keys(PASTE_ERROR_MESSAGES).sort()).toEqual(
      [
        'errors.paste.process.failure',
        'errors.local.images.disallowed',
        'errors.imageimport.unsupported',
        'errors.imageimport.invalid',
        'errors.imageimport.failed',
        'flash.crashed',
      ].sort(),
    )
    for (const m of Object.values(PASTE_ERROR_MESSAGES)) expect(m).toMatch(/[\u4e00-\u9fff]/)
    expect(pasteErrorMessage('errors.imageimport.invalid')).toBe(
      PASTE_ERROR_MESSAGES['errors.imageimport.invalid'],
    )
    expect(pasteErrorMessage('nope')).toBe(PASTE_ERROR_MESSAGES['errors.paste.process.failure'])
  })
})
