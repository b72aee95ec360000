" Vim syntax file
" Language:    NGN, the Naval Game Notation of ironlog (docs/notation.md)
" Maintainer:  the ironlog project
" Follows the reader's grammar (src/notation/grammar.hpp) as the TextMate grammar
" editors/vscode/syntaxes/ngn.tmLanguage.json does, with the same token classes; the vim_syntax
" test (tests/editors/vim_syntax.lua) checks it in headless Neovim.

if exists('b:current_syntax')
  finish
endif
let s:cpo_save = &cpo
set cpo&vim

" ---- characters (grammar.hpp) -------------------------------------------------------------
" name_start and name_char: ASCII letters and digits, _, and any character beyond ASCII
let s:ns = '\%([A-Za-z0-9_]\|[^\x01-\x7f]\)'
let s:nc = '\%([-A-Za-z0-9_.''+/]\|[^\x01-\x7f]\)'
let s:not_nc = '\%(' . s:nc . '\)\@!'
let s:word = s:ns . s:nc . '*'
let s:quoted = '"\%([^"\\]\|\\["\\]\)*"'
let s:delimiter = '\%([ \t,);{=]\|$\)\@='
let s:coordinate = '[-+]\=\d\+\%(\.\d\+\)\='
let s:number = s:coordinate . '[A-Za-z%°]*' . s:delimiter
let s:dice_spec = '\d*[dD]\d\+' . s:not_nc
let s:line_start = '^[ \t]*\zs'

" A syntax item defined later wins where two start at the same place: the items of any line
" first, the items that open a line last.

" ---- items: word, number, string, position, dice, list -----------------------------------
exe 'syn match ngnWord /' . s:word . '/'
exe 'syn match ngnClaimWord /' . s:word . '/ contained'
exe 'syn match ngnNumber /' . s:number . '/ contains=ngnUnit'
syn match ngnUnit /\d\@<=[A-Za-z%°]\+/ contained
syn match ngnEscape /\\["\\]/ contained
exe 'syn match ngnString /' . s:quoted . '/ contains=ngnEscape'
exe 'syn match ngnTablePosition /(\s*' . s:coordinate . '\s*,\s*' . s:coordinate . '\%(\s*,\s*' . s:coordinate . '\)\=\s*)/'
syn match ngnHexPosition /#[A-Za-z0-9]\+\%(:[A-Za-z0-9]\+\)\=\%(\/[A-Za-z0-9]\+\)\=/
exe 'syn match ngnAreaPosition /@\%(' . s:quoted . '\|\%([-A-Za-z0-9_.'']\|[^\x01-\x7f]\)\+\)\%(\/[-A-Za-z0-9_]\+\)\=/'
syn match ngnListComma /,/

" dice as they fell: 6d6: 1 4 5 2 3 3   d6: 2 +1(British) +1(NELSON) = 4
exe 'syn match ngnDice /\%(' . s:nc . '\)\@<!' . s:dice_spec . ':'
      \ . '\%(\s*\d\+' . s:delimiter . '\)\%(\s\+\d\+' . s:delimiter . '\)*'
      \ . '\%(\s\+[-+]\d\+\%(([^);]\+)\)\=' . s:delimiter . '\)*'
      \ . '\%(\s*=\%(>\)\@!\s*-\=\d\+' . s:delimiter . '\)\=/'
      \ . ' contains=ngnDieFace,ngnDiceSpec,ngnModifier,ngnTotal'
syn match ngnDieFace /\d\+/ contained
exe 'syn match ngnDiceSpec /' . s:dice_spec . ':/ contained'
syn match ngnModifier /[-+]\d\+\%(([^);]\+)\)\=/ contained contains=ngnModifierLabel
syn match ngnModifierLabel /(\zs[^);]\+\ze)/ contained
syn match ngnTotal /=\s*-\=\d\+/ contained

" ---- notes, claims, comments ---------------------------------------------------------------
syn match ngnNote /{[^}]*}/
syn region ngnClaim matchgroup=ngnClaimArrow start=/=>/ end=/\%(\s*[{;]\)\@=\|$/ oneline keepend
      \ contains=ngnNumber,ngnString,ngnTablePosition,ngnHexPosition,ngnAreaPosition,ngnClaimWord,ngnListComma
syn match ngnComment /;.*$/

" ---- the line's opening: event, heading, declaration, setup, terrain, ruling, tag ---------
" event: the actor, then the verb when the first argument is a word (not dice, a number or a list)
exe 'syn match ngnActor /' . s:line_start . '\%(' . s:quoted . '\|' . s:word . '\)/ nextgroup=ngnVerb skipwhite'
exe 'syn match ngnVerb /\%(' . s:dice_spec . '\)\@!\%(' . s:number . '\)\@!' . s:word . s:not_nc . '\%(\s*,\)\@!/ contained'

exe 'syn match ngnHeading /' . s:line_start . '\%(turn\|phase\|segment\|impulse\|step\)' . s:not_nc . '/ nextgroup=ngnHeadingLabel skipwhite'
exe 'syn match ngnHeadingLabel /' . s:quoted . '\|' . s:nc . '\+/ contained'

exe 'syn match ngnDeclaration /' . s:line_start . '\%(side\|ship\|unit\|fleet\|leader\|squadron\|formation\)' . s:not_nc . '/ nextgroup=ngnDeclaredName skipwhite'
exe 'syn match ngnDeclaredName /' . s:quoted . '\|' . s:word . '/ contained'

exe 'syn match ngnSetup /' . s:line_start . 'setup' . s:not_nc . '/ nextgroup=ngnSetupSubject skipwhite'
exe 'syn match ngnSetupSubject /' . s:quoted . '\|' . s:word . '/ contained'

exe 'syn match ngnTerrain /' . s:line_start . 'terrain' . s:not_nc . '/ nextgroup=ngnTerrainKind skipwhite'
exe 'syn match ngnTerrainKind /' . s:word . '/ contained'

" ruling tmbv 7.3.3 "what the umpire decided"
exe 'syn match ngnRuling /' . s:line_start . 'ruling' . s:not_nc . '/ nextgroup=ngnCitation,ngnRulingText skipwhite'
exe 'syn match ngnCitation /' . s:nc . '\+/ contained nextgroup=ngnCitation,ngnRulingText skipwhite'
exe 'syn match ngnRulingText /' . s:quoted . '/ contained contains=ngnEscape'

" [Event "Club night"]
exe 'syn match ngnTag /' . s:line_start . '\[\s*\a\w*\s*' . s:quoted . '\s*\]/ contains=ngnTagName,ngnTagValue'
syn match ngnTagName /\%(\[\s*\)\@<=\a\w*/ contained
exe 'syn match ngnTagValue /' . s:quoted . '/ contained contains=ngnEscape'

" ---- highlight groups ----------------------------------------------------------------------
hi def link ngnComment       Comment
hi def link ngnNote          SpecialComment
hi def link ngnTag           Delimiter
hi def link ngnTagName       PreProc
hi def link ngnTagValue      String
hi def link ngnHeading       Statement
hi def link ngnHeadingLabel  Title
hi def link ngnDeclaration   StorageClass
hi def link ngnDeclaredName  Type
hi def link ngnSetup         Keyword
hi def link ngnSetupSubject  Identifier
hi def link ngnTerrain       Keyword
hi def link ngnTerrainKind   Type
hi def link ngnRuling        Exception
hi def link ngnCitation      Tag
hi def link ngnRulingText    String
hi def link ngnActor         Identifier
hi def link ngnVerb          Function
hi def link ngnNumber        Number
hi def link ngnUnit          Number
hi def link ngnString        String
hi def link ngnEscape        SpecialChar
hi def link ngnTablePosition Constant
hi def link ngnHexPosition   Constant
hi def link ngnAreaPosition  Constant
hi def link ngnListComma     Delimiter
hi def link ngnDiceSpec      Special
hi def link ngnDieFace       Number
hi def link ngnModifier      Number
hi def link ngnModifierLabel String
hi def link ngnTotal         Operator
hi def link ngnClaimArrow    Operator
hi def link ngnClaimWord     Constant

let b:current_syntax = 'ngn'
let &cpo = s:cpo_save
unlet s:cpo_save
