import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { article } from '../src/resources/article.ts'
import { htmlTextBlocks } from '../src/rules/htmlText.ts'
import { textDiff, tokenize } from '../src/rules/textDiff.ts'
import { fieldChanges, sameValue } from '../src/rules/versionDiff.ts'

/** Rebuilds either side from the parts: equal + delete is the old text, equal + insert the new one. */
const side = (parts: ReturnType<typeof textDiff>, op: 'delete' | 'insert') =>
  parts
    .filter((p) => p.op === 'equal' || p.op === op)
    .map((p) => p.text)
    .join('')

describe('textDiff', () => {
  it('splits Chinese by character and Latin by word', () => {
    expect(tokenize('地铁 line three 3号')).toEqual(['地', '铁', ' ', 'line', ' ', 'three', ' ', '3', '号'])
  })

  it('marks a Chinese insertion character by character', () => {
    expect(textDiff('地铁延长运营', '地铁三号线延长运营')).toEqual([
      { op: 'equal', text: '地铁' },
      { op: 'insert', text: '三号线' },
      { op: 'equal', text: '延长运营' },
    ])
  })

  it.each([
    ['the quick fox', 'the slow fox', ['the ', 'quick', 'slow', ' fox']],
    ['新版本 v2 发布', '新版本 v3 发布', ['新版本 ', 'v2', 'v3', ' 发布']],
  ])('marks a replaced Latin word whole, the deletion first: %s → %s', (a, b, [pre, del, ins, post]) => {
    expect(textDiff(a, b)).toEqual([
      { op: 'equal', text: pre },
      { op: 'delete', text: del },
      { op: 'insert', text: ins },
      { op: 'equal', text: post },
    ])
  })

  it('handles empty sides and equal texts', () => {
    expect(textDiff('', 'abc')).toEqual([{ op: 'insert', text: 'abc' }])
    expect(textDiff('abc', '')).toEqual([{ op: 'delete', text: 'abc' }])
    expect(textDiff('', '')).toEqual([])
    expect(textDiff('同样', '同样')).toEqual([{ op: 'equal', text: '同样' }])
  })

  it('always rebuilds both texts, also for scattered edits', () => {
    const a = '春节期间地铁三号线延长运营至凌晨一点，请乘客合理安排出行。'
    const b = '春节假期地铁3号线延长运营到凌晨1点，请广大乘客安排出行！'
    const parts = textDiff(a, b)
    expect(side(parts, 'delete')).toBe(a)
    expect(side(parts, 'insert')).toBe(b)
    // Shortest script: the unchanged characters stay equal.
    expect(
      parts
        .filter((p) => p.op === 'equal')
        .map((p) => p.text)
        .join(''),
    ).toContain('延长运营')
  })

  it('for any two texts: rebuilds both, no empty parts, no two neighbours of the same kind', () => {
    const piece = fc.constantFrom('地', '铁', '运营', 'line', ' ', '3', '，', '\n', 'ab', '号线')
    const text = fc.array(piece, { maxLength: 30 }).map((xs) => xs.join(''))
    fc.assert(
      fc.property(text, text, (a, b) => {
        const parts = textDiff(a, b)
        expect(side(parts, 'delete')).toBe(a)
        expect(side(parts, 'insert')).toBe(b)
        expect(parts.every((p) => p.text !== '')).toBe(true)
        expect(parts.every((p, i) => i === 0 || parts[i - 1]!.op !== p.op)).toBe(true)
      }),
    )
  })

  it('falls back to remove-and-add beyond the edit bound, still exact', () => {
    const a = Array.from({ length: 1500 }, (_, i) => `a${i}`).join(' ')
    const b = Array.from({ length: 1500 }, (_, i) => `b${i}`).join(' ')
    const parts = textDiff(a, b)
    expect(parts).toEqual([
      { op: 'delete', text: a },
      { op: 'insert', text: b },
    ])
  })
})

describe('htmlTextBlocks', () => {
  it('keeps one block per paragraph, line break and list item, without markup', () => {
    expect(
      htmlTextBlocks(
        '<h2>通知</h2><p>地铁<strong>三号线</strong>延长运营。<br>详见官网</p><ul><li>一</li><li>二</li></ul>',
      ),
    ).toEqual(['通知', '地铁三号线延长运营。', '详见官网', '一', '二'])
  })

  it('decodes entities, collapses whitespace and shows media as markers', () => {
    expect(
      htmlTextBlocks(
        '<p>A &amp; B&nbsp;&nbsp; &lt;C&gt; &#x4e2d;&#25991;</p><p><img alt="x" src="/a.png"></p><p>  </p>',
      ),
    ).toEqual(['A & B <C> 中文', '[图片 /a.png]'])
  })

  it('puts table cells of a row on one line', () => {
    expect(
      htmlTextBlocks(
        '<table><tr><td>站点</td><td>时间</td></tr><tr><td>人民广场</td><td>23:00</td></tr></table>',
      ),
    ).toEqual(['站点 时间', '人民广场 23:00'])
  })
})

describe('fieldChanges', () => {
  const before = {
    title: '地铁延长运营',
    body: '<p>地铁三号线春节期间延长运营。</p>',
    isFirst: false,
    tags: [1, 2],
    author: null,
  }

  it('lists only changed fields, in definition order, with text diffs', () => {
    const after = { ...before, title: '地铁延长运营（3号线）', isFirst: true, author: '', tags: [1, 2] }
    const changes = fieldChanges(article.fields, before, after)
    expect(changes.map((c) => c.name)).toEqual(['title', 'isFirst'])
    expect(changes[0]).toMatchObject({
      label: '标题',
      before: '地铁延长运营',
      after: '地铁延长运营（3号线）',
    })
    expect(changes[0]!.parts).toEqual([
      { op: 'equal', text: '地铁延长运营' },
      { op: 'insert', text: '（3号线）' },
    ])
    expect(changes[1]).toMatchObject({ kind: 'switch', before: false, after: true })
    expect(changes[1]!.parts).toBeUndefined()
  })

  it('compares rich text as readable blocks', () => {
    const after = { ...before, body: '<p>地铁三号线春节期间<em>延长</em>运营。</p><p>末班车23:00。</p>' }
    const [change] = fieldChanges(article.fields, before, after)
    expect(change!.name).toBe('body')
    expect(change!.parts).toEqual([
      { op: 'equal', text: '地铁三号线春节期间延长运营。' },
      { op: 'insert', text: '\n末班车23:00。' },
    ])
  })

  it('treats empty values alike and compares lists by content', () => {
    expect(sameValue(null, '')).toBe(true)
    expect(sameValue(undefined, null)).toBe(true)
    expect(sameValue([1, 2], [2, 1])).toBe(false)
    expect(fieldChanges(article.fields, before, { ...before, tags: [2] }).map((c) => c.name)).toEqual([
      'tags',
    ])
  })
})
