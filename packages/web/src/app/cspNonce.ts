/** The per-response nonce the server writes into index.html (strict CSP: style-src 'self' 'nonce-…'). */
export const cspNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content

/**
 * Some antd internals (the scroll lock of Modal and Drawer) add <style> elements without passing the nonce
 * on, and the browser then refuses them. Our own bundle is the only script that can run (script-src 'self'),
 * so stamping the nonce onto style elements it inserts keeps the policy strict for injected markup.
 */
export function stampStyleNonces(nonce: string | undefined) {
  if (!nonce || nonce.startsWith('__')) return
  const stamp = (node: Node) => {
    if (node instanceof HTMLStyleElement && !node.nonce) node.nonce = nonce
  }
  const append = Node.prototype.appendChild
  const insert = Node.prototype.insertBefore
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    stamp(node)
    return append.call(this, node) as T
  }
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    stamp(node)
    return insert.call(this, node, child) as T
  }
}
