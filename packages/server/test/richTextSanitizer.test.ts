import { describe, expect, it } from 'vitest'
import { sanitizeRichText } from '../src/platform/richText.ts'

const EMBEDS = ['https://v.qq.com', 'http://localhost:5173']

describe('rich-text sanitizer: spec §5 clean-up', () => {
  it.each([
    [
      'images keep only oncontextmenu, object-fit, alt, src, height, width',
      '<img src="https://a.example/x.png" class="big" title="t" data-src="x" srcset="a 2x" style="object-fit:contain;width:500px" width="500" height="300" alt="图">',
      '<img src="https://a.example/x.png" style="object-fit:contain" width="500" height="300" alt="图" oncontextmenu="return false" />',
    ],
    [
      'an image with an onerror handler',
      '<img src="x.png" onerror="alert(1)">',
      '<img src="x.png" oncontextmenu="return false" />',
    ],
    [
      'oncontextmenu is only ever return false',
      '<img src="x.png" oncontextmenu="fetch(\'//evil\')"><p oncontextmenu="return false">p</p>',
      '<img src="x.png" oncontextmenu="return false" /><p>p</p>',
    ],
    [
      'video: no download, no context menu, inline playback',
      '<video src="/files/video/a.mp4" poster="/files/image/p.jpg" controls controlslist="nofullscreen" onplay="x()" autoplay></video>',
      '<video src="/files/video/a.mp4" poster="/files/image/p.jpg" controls controlslist="nodownload" oncontextmenu="return false" playsinline></video>',
    ],
    [
      'audio: no download, no context menu',
      '<audio controls><source src="/files/audio/a.mp3" type="audio/mpeg"></audio>',
      '<audio controls controlslist="nodownload" oncontextmenu="return false"><source src="/files/audio/a.mp3" type="audio/mpeg"></source></audio>',
    ],
    ['a script', '<p>正文<script>alert(1)</script></p>', '<p>正文</p>'],
    ['javascript: links', '<a href="JaVaScRiPt:alert(1)">链接</a>', '<a>链接</a>'],
    [
      'javascript: media',
      '<video src="javascript:alert(1)" poster="javascript:x"></video>',
      '<video controlslist="nodownload" oncontextmenu="return false" playsinline></video>',
    ],
    [
      'styles: layout, fonts, colours, indent kept; positioning and script URLs not',
      '<p class="layout" style="text-align:justify;text-indent:2em;line-height:1.5;font-size:16px;color:#333;position:absolute;background-image:url(javascript:alert(1))">段</p>',
      '<p class="layout" style="text-align:justify;text-indent:2em;line-height:1.5;font-size:16px;color:#333">段</p>',
    ],
    [
      'background images from http(s) (re-hosted by the editor) are kept',
      '<section style="background-image:url(&quot;https://a.example/bg.png&quot;);background-size:cover">段</section>',
      '<section style="background-image:url(&quot;https://a.example/bg.png&quot;);background-size:cover">段</section>',
    ],
    ['iframes without embed origins', '<iframe src="https://v.qq.com/x"></iframe>文字', '文字'],
  ])('%s', (_name, input, output) => {
    expect(sanitizeRichText(input)).toBe(output)
  })

  it('keeps iframes only from the allowed embed origins', () => {
    expect(
      sanitizeRichText(
        '<iframe src="https://v.qq.com/txp/iframe/player.html?vid=1" width="500" height="300" frameborder="0" allowfullscreen onload="x()" srcdoc="<script>"></iframe>',
        EMBEDS,
      ),
    ).toBe(
      '<iframe src="https://v.qq.com/txp/iframe/player.html?vid=1" width="500" height="300" frameborder="0" allowfullscreen></iframe>',
    )
    for (const src of [
      'https://evil.example/x',
      'http://v.qq.com/x',
      'https://v.qq.com.evil.example/x',
      'http://localhost:5174/x',
      'javascript:alert(1)',
      '//v.qq.com/x',
    ])
      expect(sanitizeRichText(`<p>前<iframe src="${src}">里</iframe>后</p>`, EMBEDS)).toBe('<p>前后</p>')
    expect(sanitizeRichText('<iframe>无地址</iframe>', EMBEDS)).toBe('')
    expect(sanitizeRichText('<iframe src="http://localhost:5173/map"></iframe>', EMBEDS)).toBe(
      '<iframe src="http://localhost:5173/map"></iframe>',
    )
  })
})
