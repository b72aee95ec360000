" NGN (Naval Game Notation) records: ironlog's files (docs/editors.md)
autocmd BufRead,BufNewFile *.ngn setfiletype ngn
