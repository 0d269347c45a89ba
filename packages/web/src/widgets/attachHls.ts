/**
 * Plays an HLS playlist in `media`. hls.js (MSE) is imported only now, so the main bundle does not carry it;
 * where MSE is missing the browser's own player gets the URL (Safari plays HLS natively). Its worker is off:
 * the console's CSP has no worker-src for the blob: URL it would start from. Returns the teardown.
 */
export function attachHls(media: HTMLMediaElement, url: string, onFatal: () => void) {
  let stop = false
  let destroy: (() => void) | undefined
  import('hls.js').then(
    ({ default: Hls }) => {
      if (stop) return
      if (!Hls.isSupported()) {
        media.src = url
        return
      }
      const hls = new Hls({ enableWorker: false })
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) onFatal()
      })
      hls.loadSource(url)
      hls.attachMedia(media)
      destroy = () => hls.destroy()
    },
    () => {
      if (!stop) onFatal()
    },
  )
  return () => {
    stop = true
    destroy?.()
  }
}
