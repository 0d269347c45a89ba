import { describe, expect, it } from 'vitest'
import { defaultStatusNames, processTypeText, statusNames } from '../src/engine/statusNames.ts'

describe('review state names', () => {
  it('defaults: the four review states and the four process types; - for anything else', () => {
    expect([0, 1, 2, 3].map((v) => defaultStatusNames.verifyState(v)?.text)).toEqual([
      '草稿',
      '已通过',
      '已驳回',
      '待审核',
    ])
    expect(
      ['PENDING', 'PASS', 'REJECT', 'WITHDRAW'].map((v) => processTypeText(defaultStatusNames, v)),
    ).toEqual(['审核中', '审核通过', '审核驳回', '已撤回'])
    expect(processTypeText(defaultStatusNames, null)).toBe('-')
    expect(processTypeText(defaultStatusNames, 'OTHER')).toBe('-')
    expect(processTypeText(defaultStatusNames, 3)).toBe('-')
    expect(defaultStatusNames.verifyState(4)).toBeUndefined()
    expect(defaultStatusNames.verifyState('1')).toBeUndefined()
  })

  it('configured names replace the defaults by id and keep the colours; junk falls back', () => {
    const names = statusNames([
      { id: 2, name: '已发布' },
      { id: 8, name: '已下线' },
      { id: 3, name: '  ' },
      { id: '4', name: '坏数据' },
      null,
    ])
    expect(names.verifyState(1)).toEqual({ text: '已发布', color: 'green' })
    expect(names.verifyState(2)).toEqual({ text: '已驳回', color: 'red' })
    expect(names.verifyState(3)?.text).toBe('待审核')
    expect(names.processType('WITHDRAW')?.text).toBe('已下线')
    expect(statusNames('not a list').verifyState(0)?.text).toBe('草稿')
  })
})
