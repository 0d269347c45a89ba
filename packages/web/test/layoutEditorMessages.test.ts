import { describe, expect, it } from 'vitest'
import { htmlFromMessage, xiumiUrl } from '../src/widgets/richText/dialogs/layoutEditorMessages.ts'

const frame = { name: 'xiumi frame' }
const origins = ['https://xiumi.us', 'http://127.0.0.1:18441']

describe('layout editor messages (decision 0020)', () => {
  it('takes HTML only from a configured origin and the window the console opened', () => {
    const msg = (origin: string, data: unknown, source: unknown = frame) =>
      htmlFromMessage({ origin, data, source } as never, origins, frame)
    expect(msg('https://xiumi.us', '<p>排版</p>')).toBe('<p>排版</p>')
    expect(msg('http://127.0.0.1:18441', { html: '<p>a</p>' })).toBe('<p>a</p>')
    expect(msg('https://xiumi.us', { content: '<p>b</p>' })).toBe('<p>b</p>')
    expect(msg('https://evil.example', '<p>x</p>')).toBeNull()
    expect(msg('https://xiumi.us.evil.example', '<p>x</p>')).toBeNull()
    expect(msg('http://xiumi.us', '<p>x</p>')).toBeNull()
    expect(msg('https://xiumi.us', '<p>x</p>', { other: true })).toBeNull()
    expect(msg('https://xiumi.us', '  ')).toBeNull()
    expect(msg('https://xiumi.us', { type: 'ready' })).toBeNull()
    expect(
      htmlFromMessage({ origin: 'https://xiumi.us', data: '<p>x</p>', source: null } as never, origins, null),
    ).toBeNull()
  })

  it('binds the 秀米 page to the account', () => {
    expect(xiumiUrl('https://xiumi.us/studio/v5?u={openId}#/paper', 'a b')).toBe(
      'https://xiumi.us/studio/v5?u=a%20b#/paper',
    )
    expect(xiumiUrl('https://xiumi.us/studio/v5?x=1', 'o1')).toBe('https://xiumi.us/studio/v5?x=1&openId=o1')
  })
})
