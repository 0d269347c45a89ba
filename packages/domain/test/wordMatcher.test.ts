import { describe, expect, it } from 'vitest'
import { wordMessages } from '../src/api/sensitiveWords.ts'
import { article } from '../src/resources/article.ts'
import { htmlImages, htmlToText } from '../src/rules/htmlText.ts'
import { contentScanInput, SensitiveWordIndex } from '../src/rules/sensitiveScan.ts'
import { WordMatcher } from '../src/rules/wordMatcher.ts'

const found = (m: WordMatcher, text: string) => m.matchAll(text).map((x) => [x.word, x.start, x.end])

/** The obvious quadratic search, to compare the automaton against. */
function naive(words: string[], text: string) {
  const out: [string, number, number][] = []
  const t = text.toLowerCase()
  for (let i = 0; i < text.length; i++)
    for (const w of words) if (w && t.startsWith(w.toLowerCase(), i)) out.push([w, i, i + w.length])
  return out.sort((a, b) => a[1] - b[1] || a[2] - b[2])
}

describe('WordMatcher (Aho–Corasick)', () => {
  it('finds overlapping and nested words, each with its position', () => {
    const m = new WordMatcher(['he', 'she', 'his', 'hers'])
    expect(found(m, 'ushers')).toEqual([
      ['she', 1, 4],
      ['he', 2, 4],
      ['hers', 2, 6],
    ])
  })

  it('matches Chinese text, words inside words and repeated words', () => {
    const m = new WordMatcher(['中国', '中国人', '国人', '人民'])
    expect(found(m, '我是中国人民的一员，中国人')).toEqual([
      ['中国', 2, 4],
      ['中国人', 2, 5],
      ['国人', 3, 5],
      ['人民', 4, 6],
      ['中国', 10, 12],
      ['中国人', 10, 13],
      ['国人', 11, 13],
    ])
  })

  it('matches Latin letters whatever their case and reports the word as listed', () => {
    const m = new WordMatcher(['Casino', 'vpn'])
    expect(found(m, 'Play CASINO via VpN, casino!')).toEqual([
      ['Casino', 5, 11],
      ['vpn', 16, 19],
      ['Casino', 21, 27],
    ])
  })

  it('keeps positions exact around characters whose lower case is longer (İ) and astral characters', () => {
    const m = new WordMatcher(['ab'])
    expect(found(m, 'İ😀AB')).toEqual([['ab', 3, 5]])
  })

  it('ignores empty and duplicate words (case-insensitively) and matches nothing with no words', () => {
    const m = new WordMatcher(['', 'abc', 'ABC'])
    expect(m.size).toBe(1)
    expect(found(new WordMatcher([]), 'anything')).toEqual([])
  })

  it('agrees with a naive search over many words and random texts', () => {
    const alphabet = 'ab中国cA'
    let seed = 7
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const pick = (len: number) => Array.from({ length: len }, () => alphabet[rand(alphabet.length)]).join('')
    const words = [...new Set(Array.from({ length: 300 }, () => pick(1 + rand(4)).toLowerCase()))]
    const m = new WordMatcher(words)
    for (let round = 0; round < 50; round++) {
      const text = pick(200)
      expect(found(m, text)).toEqual(naive(words, text))
    }
  })

  it('scans a long text against ten thousand words', () => {
    const words = Array.from({ length: 10_000 }, (_, i) => `词${i.toString(36)}组`)
    const m = new WordMatcher(words)
    const text = `${'正常的新闻内容。'.repeat(5_000)}词zz组${'结尾'.repeat(100)}`
    const hits = m.matchAll(text)
    expect(hits).toEqual([{ word: '词zz组', start: 40_000, end: 40_004 }])
  })
})

describe('htmlToText / htmlImages', () => {
  it('keeps visible text only, joins inline formatting, breaks lines at blocks, decodes entities', () => {
    expect(
      htmlToText('<p>敏<b>感</b>词</p><p>下一段&amp;&lt;x&gt;&#20013;&#x56FD;</p><script>禁用</script>'),
    ).toBe('\n敏感词\n\n下一段&<x>中国\n')
  })

  it('lists image addresses in order', () => {
    expect(htmlImages('<p><img src="/a.png"><img alt=x src=\'https://x/b.jpg\'></p>')).toEqual([
      '/a.png',
      'https://x/b.jpg',
    ])
  })
})

describe('SensitiveWordIndex', () => {
  const index = new SensitiveWordIndex([
    { word: '赌博', level: 'block', category: '违法' },
    { word: '代购', level: 'review', category: '广告' },
    { word: 'VPN', level: 'replace', category: '' },
  ])

  it('scans text and the visible text of rich text, listing each word once, most severe first', () => {
    const r = index.scan({ text: '标题：代购 vpn', html: '<p>网络<em>赌</em>博和代购</p>' })
    expect(r.words).toEqual([
      { word: '赌博', level: 'block', category: '违法', count: 1 },
      { word: 'VPN', level: 'replace', category: '', count: 1 },
      { word: '代购', level: 'review', category: '广告', count: 2 },
    ])
    expect(r.blocked).toEqual(['赌博'])
    expect(r.hits.find((h) => h.word === '赌博')).toMatchObject({ source: 'html', start: 3, end: 5 })
    expect(wordMessages.blocked(r.blocked)).toBe('内容包含禁用词：赌博')
  })

  it('finds nothing in clean content', () => {
    expect(index.scan({ text: '今日新闻', html: '<p>天气晴</p>' })).toEqual({
      hits: [],
      words: [],
      blocked: [],
    })
  })

  it("reads a content item's text, rich text and images from its definition", () => {
    const input = contentScanInput(article, {
      title: '标题',
      summary: '摘要',
      body: '<p>正文<img src="/x.png"></p>',
      cover: '/c.png',
      author: '',
      tags: [1],
    })
    expect(input).toEqual({
      text: '标题\n摘要',
      html: '<p>正文<img src="/x.png"></p>',
      images: ['/c.png', '/x.png'],
    })
  })
})
