import { describe, expect, it } from 'vitest'
import { article } from '../src/resources/article.ts'
import { fieldSchema } from '../src/resources/fieldSchema.ts'
import {
  isRichTextEmpty,
  RICH_TEXT_MARKUP_RATIO,
  richTextWithin,
  visibleText,
  visibleTextLength,
} from '../src/rules/htmlText.ts'

describe('visible text of rich text (decision 0035)', () => {
  it('counts the characters a reader sees, not the markup (issue 20: 198 for 38)', () => {
    const text = '春节期间全市公交运营时间调整，地铁1号线、2号线延长运营至次日凌晨1点。'
    const layout = 'text-align: justify; text-indent: 2em; line-height: 1.5'
    const html = `<p class="moc-layout" style="${layout}"><span style="color: #e03e2d">${text}</span></p>`
    expect(html.length).toBeGreaterThan(100)
    expect(visibleTextLength(html)).toBe([...text].length)
    expect(visibleTextLength(`<p>${text}</p>`)).toBe(visibleTextLength(html))
  })

  it('decodes entities and keeps a no-break space, dropping tags inline without a gap', () => {
    expect(visibleText('<p>A&amp;B &lt;tag&gt; &#20013;&#x6587;</p>')).toBe('A&B <tag> 中文')
    expect(visibleText('<p>敏<strong>感</strong>词</p>')).toBe('敏感词')
    expect(visibleTextLength('<p>a&nbsp;&nbsp;b</p>')).toBe(4)
  })

  it('collapses white space as a browser draws it; block edges and breaks are not characters', () => {
    expect(visibleText('<p>\n  第一段\n  文字  </p>\n<p>  第二段 </p>')).toBe('第一段 文字\n第二段')
    expect(visibleTextLength('<p>\n  第一段\n  文字  </p>\n<p>  第二段 </p>')).toBe(9)
    expect(visibleText('<p>一行<br>二行 <br/> 三行</p>')).toBe('一行\n二行\n三行')
    expect(visibleText('<p>a <b> b </b> c</p>')).toBe('a b c')
    expect(visibleText('<ul><li>甲</li><li>乙</li></ul><table><tr><td>丙</td><td>丁</td></tr></table>')).toBe(
      '甲\n乙\n丙\n丁',
    )
  })

  it('does not count comments, hidden elements, zero-width characters or media', () => {
    const html =
      '<!-- note --><style>p{color:red}</style><script>alert(1)</script>' +
      '<p>\u200b图\ufeff</p><p><img src="/files/a.png" alt="说明文字"></p>' +
      '<video src="/files/a.mp4"></video><audio src="/files/a.mp3"></audio>' +
      '<iframe src="https://player.example/x">播放器</iframe>'
    expect(visibleText(html)).toBe('图')
  })

  it('counts code points: an astral character is one', () => {
    expect(visibleTextLength('<p>𠀀😀</p>')).toBe(2)
  })

  it('empty rich text (spec §5) is still empty paragraphs, spaces and formatting, and not a picture', () => {
    for (const html of [
      '',
      '<p></p>',
      '<p><br></p>',
      '<p>&nbsp;</p><p> </p>',
      '<p><strong>\u200b</strong></p>',
    ])
      expect(isRichTextEmpty(html)).toBe(true)
    expect(isRichTextEmpty('<p><img src="/files/a.png"></p>')).toBe(false)
    expect(isRichTextEmpty('<p>字</p>')).toBe(false)
  })

  it('a limit counts visible characters, with the markup bounded at a multiple of it', () => {
    expect(richTextWithin(`<p style="text-indent: 2em">${'字'.repeat(10)}</p>`, 10)).toBe(true)
    expect(richTextWithin(`<p>${'字'.repeat(11)}</p>`, 10)).toBe(false)
    const heavy = `<p>${'<b></b>'.repeat(20)}字</p>`
    expect(heavy.length).toBeGreaterThan(10 * RICH_TEXT_MARKUP_RATIO)
    expect(richTextWithin(heavy, 10)).toBe(false)
  })

  it("the server's and the form's schema of 正文 take the same count", () => {
    const body = fieldSchema(article.fields.body)
    const text = 'x'.repeat(500_000)
    expect(body.safeParse(`<p style="text-align: justify">${text}</p>`).success).toBe(true)
    const over = body.safeParse(`<p>${text}y</p>`)
    expect(over.success).toBe(false)
    expect(over.error?.issues[0]?.message).toBe('正文过长')
  })
})
