import { describe, expect, it } from 'vitest'
import {
  defaultEditorSettings,
  editorMessages,
  editorSettingsSchema,
  isAllowedOrigin,
  isSecureOrLocalUrl,
} from '../src/api/editor.ts'

describe('editor settings (decision 0020)', () => {
  it('origins are https, or http on localhost, without a path', () => {
    for (const ok of [
      'https://xiumi.us',
      'https://www.135editor.com',
      'http://localhost:5173',
      'http://127.0.0.1:18440',
    ])
      expect(isAllowedOrigin(ok)).toBe(true)
    for (const bad of [
      'http://xiumi.us',
      'https://xiumi.us/',
      'https://xiumi.us/studio',
      'https://XIUMI.us',
      'https://xiumi.us:443',
      'javascript:alert(1)',
      '*',
      'http://localhost.evil.example',
    ])
      expect(isAllowedOrigin(bad)).toBe(false)
    expect(isSecureOrLocalUrl('https://xiumi.us/studio/v5#/paper')).toBe(true)
    expect(isSecureOrLocalUrl('http://xiumi.us/studio')).toBe(false)
  })

  it('validates the whole setting with Chinese messages', () => {
    expect(editorSettingsSchema.safeParse(defaultEditorSettings).success).toBe(true)
    const bad = editorSettingsSchema.safeParse({
      ...defaultEditorSettings,
      mapImageUrl: 'https://restapi.amap.com/v3/staticmap?location={lng}',
      xiumi: { url: 'https://xiumi.us/studio', origins: [] },
      embedOrigins: ['http://v.qq.com'],
    })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual(
      [
        editorMessages.mapTemplateInvalid,
        editorMessages.originsRequired,
        editorMessages.originInvalid,
      ].sort(),
    )
    expect(
      editorSettingsSchema.safeParse({
        ...defaultEditorSettings,
        mapImageUrl: 'https://restapi.amap.com/v3/staticmap?location={lng},{lat}&key=k',
      }).success,
    ).toBe(true)
  })
})
