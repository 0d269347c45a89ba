/** The top bar's place for the upload progress panel (spec §2); the upload issue fills it in. */
export function UploadProgressSlot() {
  return null
}
