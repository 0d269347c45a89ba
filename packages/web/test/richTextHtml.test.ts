import { describe, expect, it } from 'vitest'
import { tidyForeignHtml } from '../src/widgets/richText/foreignHtml.ts'
import { NEUTRAL_STYLE, neutralise, restoreStyles } from '../src/widgets/richText/safeHtml.ts'

describe('CSP-safe parsing of rich text', () => {
  it('renames style and event-handler attributes inside tags only', () => {
    const html = `<p style="color:red" onclick='x()'>style="a" onload=b</p><img src=a.png onerror=alert(1)/>`
    expect(neutralise(html)).toBe(
      `<p ${NEUTRAL_STYLE}="color:red" data-x-onclick='x()'>style="a" onload=b</p><img src=a.png data-x-onerror=alert(1)/>`,
    )
  })

  it('names the clean styles back in serialised markup, leaving text alone', () => {
    const clean = `<p ${NEUTRAL_STYLE}="text-align:center">a ${NEUTRAL_STYLE}="x"</p>`
    expect(restoreStyles(clean)).toBe(`<p style="text-align:center">a ${NEUTRAL_STYLE}="x"</p>`)
  })
})

describe('foreign clipboard HTML', () => {
  it("drops Word's conditional comments and Office tags", () => {
    const word = `<!--[if gte mso 9]><xml><w:WordDocument/></xml><![endif]--><p class=MsoNormal><b>防汛<o:p></o:p></b><st1:place>通知</st1:place></p>`
    expect(tidyForeignHtml(word, 'word')).toBe('<p class=MsoNormal><b>防汛</b>通知</p>')
  })

  it("unwraps Google Docs' guid <b> around the whole paste", () => {
    const docs = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b"><p>一</p><p><b>二</b></p></b>`
    expect(tidyForeignHtml(docs, 'googleDocs')).toBe('<meta charset="utf-8"><p>一</p><p><b>二</b></p>')
  })
})
