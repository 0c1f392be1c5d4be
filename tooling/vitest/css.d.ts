/** Every .css file under `dir`, at any depth. */
export declare function cssFiles(dir: string): string[];
/** The rules under `dir` setting `word-break: keep-all` outside a Korean `:lang` rule ("file: selector"). */
export declare function keepAllOutsideKorean(dir: string): string[];
