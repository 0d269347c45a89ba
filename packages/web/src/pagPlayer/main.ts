import './pagPlayer.css'
import { pagRuntime } from './pagRuntime.ts'

/**
 * The .pag player page (decision 0017): plays the animation named by `?src=` in a loop, on a canvas of its own
 * size. It runs in a sandboxed frame of its own origin because libpag's WebAssembly glue (embind) builds
 * functions with `new Function`, which the console's CSP forbids: only this page allows 'unsafe-eval', and it
 * holds no session, no data and cannot reach the console.
 */
async function play(canvas: HTMLCanvasElement) {
  const src = new URLSearchParams(location.search).get('src') ?? ''
  if (!/^https?:\/\//i.test(src)) throw new Error('src')
  const [PAG, response] = await Promise.all([pagRuntime(), fetch(src)])
  if (!response.ok) throw new Error(response.statusText)
  const file = await PAG.PAGFile.load(await response.arrayBuffer())
  canvas.width = file.width()
  canvas.height = file.height()
  const view = await PAG.PAGView.init(file, canvas)
  if (!view) throw new Error('PAGView')
  view.setRepeatCount(0)
  await view.play()
  canvas.dataset.state = 'playing'
}

const canvas = document.getElementById('pag') as HTMLCanvasElement
play(canvas).catch(() => {
  canvas.hidden = true
  canvas.dataset.state = 'failed'
  document.getElementById('failed')!.hidden = false
})
