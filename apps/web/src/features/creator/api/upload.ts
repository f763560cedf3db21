/** What every multipart mutation of the workspace takes: the body and a progress callback. */
export interface UploadVariables {
  form: FormData;
  onProgress?: (fraction: number) => void;
}
