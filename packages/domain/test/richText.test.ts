import { describe, expect, it } from 'vitest'
import { isRichTextEmpty } from '../src/rules/htmlText.ts'
import {
  allowedEmbed,
  cleanStyle,
  forcedAttributes,
  keepAttribute,
  keepStyle,
  originOf,
} from '../src/rules/richText.ts'

describe('rich-text clean-up rules (spec §5)', () => {
  it('images keep only oncontextmenu, style (object-fit), alt, src, height and width', () => {
    for (const name of ['src', 'alt', 'width', 'height', 'style'])
      expect(keepAttribute('img', name, 'https://a.example/x.png')).toBe(true)
    for (const name of ['class', 'title', 'align', 'data-src', 'srcset', 'loading', 'id'])
      expect(keepAttribute('img', name, 'x')).toBe(false)
    expect(cleanStyle('img', 'object-fit: cover; width: 500px; color: red')).toBe('object-fit:cover')
    expect(keepStyle('img', 'object-fit', 'url(x)')).toBe(false)
  })

  it('never keeps an event handler from input; the clean-up sets the one fixed value', () => {
    for (const [tag, name] of [
      ['img', 'oncontextmenu'],
      ['img', 'onerror'],
      ['video', 'oncontextmenu'],
      ['p', 'onclick'],
      ['a', 'onmouseover'],
    ])
      expect(keepAttribute(tag as string, name as string, 'return false')).toBe(false)
    expect(forcedAttributes('img')).toEqual({ oncontextmenu: 'return false' })
    expect(forcedAttributes('video')).toEqual({
      controlslist: 'nodownload',
      oncontextmenu: 'return false',
      playsinline: '',
    })
    expect(forcedAttributes('audio')).toEqual({ controlslist: 'nodownload', oncontextmenu: 'return false' })
    expect(forcedAttributes('p')).toEqual({})
  })

  it('keeps what other fields need: tables, alignment, layout class, font size, line height, colours, indent', () => {
    expect(keepAttribute('td', 'colspan', '2')).toBe(true)
    expect(keepAttribute('p', 'class', 'layout-marker')).toBe(true)
    expect(
      cleanStyle(
        'p',
        'text-align:justify;text-indent:2em;line-height:1.5;font-size:72px;color:#ff0000;background-color:rgb(1,2,3);padding-left:2em;position:fixed',
      ),
    ).toBe(
      'text-align:justify;text-indent:2em;line-height:1.5;font-size:72px;color:#ff0000;background-color:rgb(1,2,3);padding-left:2em',
    )
  })

  it('refuses script addresses and hostile CSS', () => {
    expect(keepAttribute('a', 'href', 'javascript:alert(1)')).toBe(false)
    expect(keepAttribute('a', 'href', ' java\tscript:alert(1)')).toBe(false)
    expect(keepAttribute('img', 'src', '//evil.example/x.png')).toBe(false)
    expect(keepAttribute('img', 'src', '/files/image/a.png')).toBe(true)
    expect(keepStyle('div', 'background-image', 'url(https://a.example/bg.png)')).toBe(true)
    expect(keepStyle('div', 'background-image', 'url("/files/image/bg.png")')).toBe(true)
    expect(keepStyle('div', 'background-image', 'url(javascript:alert(1))')).toBe(false)
    expect(keepStyle('div', 'background-image', 'url("https://a.example/x.png") , url(data:x)')).toBe(false)
    expect(keepStyle('div', 'background-image', "url('https://a.example/x\\'.png')")).toBe(false)
    expect(keepStyle('div', 'behavior', 'url(x.htc)')).toBe(false)
  })

  it('embeds come only from allowed origins (exact scheme, host and port)', () => {
    const origins = ['https://v.qq.com', 'http://localhost:5173']
    expect(allowedEmbed('https://v.qq.com/txp/iframe/player.html?vid=1', origins)).toBe(true)
    expect(allowedEmbed('http://v.qq.com/x', origins)).toBe(false)
    expect(allowedEmbed('https://v.qq.com.evil.example/x', origins)).toBe(false)
    expect(allowedEmbed('http://localhost:5174/x', origins)).toBe(false)
    expect(allowedEmbed('javascript:alert(1)', origins)).toBe(false)
    expect(allowedEmbed('https://v.qq.com/x', [])).toBe(false)
    expect(keepAttribute('iframe', 'src', 'https://v.qq.com/x')).toBe(true)
    expect(keepAttribute('iframe', 'srcdoc', '<script>')).toBe(false)
    expect(originOf('https://A.example:443/p')).toBe('https://a.example')
  })
})

describe('isRichTextEmpty (spec §5: no text and no image)', () => {
  it.each([
    ['', true],
    ['<p></p>', true],
    ['<p><br></p><p>&nbsp; </p>', true],
    ['<p><strong>\u200b</strong></p><!-- 文字 -->', true],
    ['<script>文字</script>', true],
    ['<p>文</p>', false],
    ['<p><img src="/files/image/a.png"></p>', false],
    ['<p>&lt;</p>', false],
  ])('%s → %s', (html, empty) => {
    expect(isRichTextEmpty(html)).toBe(empty)
  })
})
