#ifndef ZETA_LANG_C_LIBCLANG_H
#define ZETA_LANG_C_LIBCLANG_H
/* libclang, opened with dlopen when the first C file is read. Linking it
   cost every zeta run about 50 ms of start-up (LLVM's relocations and static
   constructors), although only C input needs it. Include this header instead
   of <clang-c/Index.h>: every clang_ function used below is a pointer into
   the loaded library. To call another libclang function, add it to the
   list. */
#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

#define C_LIBCLANG_FUNCTIONS(X) \
  X(clang_getCursorKind) \
  X(clang_Cursor_isNull) \
  X(clang_getCursorType) \
  X(clang_getNullCursor) \
  X(clang_getCanonicalType) \
  X(clang_equalCursors) \
  X(clang_getCursorReferenced) \
  X(clang_getCursorExtent) \
  X(clang_getCString) \
  X(clang_disposeString) \
  X(clang_Cursor_getNumArguments) \
  X(clang_Cursor_getArgument) \
  X(clang_getRangeStart) \
  X(clang_getCanonicalCursor) \
  X(clang_visitChildren) \
  X(clang_tokenize) \
  X(clang_getTokenSpelling) \
  X(clang_getTokenKind) \
  X(clang_getResultType) \
  X(clang_getCursorSemanticParent) \
  X(clang_disposeTokens) \
  X(clang_isExpression) \
  X(clang_getTypeDeclaration) \
  X(clang_getTokenExtent) \
  X(clang_getSpellingLocation) \
  X(clang_getCursorDefinition) \
  X(clang_disposeIndex) \
  X(clang_disposeDiagnostic) \
  X(clang_parseTranslationUnit2) \
  X(clang_isCursorDefinition) \
  X(clang_getTypeSpelling) \
  X(clang_getTranslationUnitCursor) \
  X(clang_getRangeEnd) \
  X(clang_getNumDiagnostics) \
  X(clang_getEnumDeclIntegerType) \
  X(clang_getEnumConstantDeclValue) \
  X(clang_getDiagnosticSeverity) \
  X(clang_getDiagnostic) \
  X(clang_getCursorSpelling) \
  X(clang_getCursorLocation) \
  X(clang_getCursorKindSpelling) \
  X(clang_getArraySize) \
  X(clang_getArrayElementType) \
  X(clang_formatDiagnostic) \
  X(clang_disposeTranslationUnit) \
  X(clang_createIndex) \
  X(clang_Type_visitFields) \
  X(clang_Type_getSizeOf) \
  X(clang_EvalResult_isUnsignedInt) \
  X(clang_EvalResult_getKind) \
  X(clang_EvalResult_getAsUnsigned) \
  X(clang_EvalResult_getAsLongLong) \
  X(clang_EvalResult_dispose) \
  X(clang_Cursor_getTranslationUnit) \
  X(clang_Cursor_getStorageClass) \
  X(clang_Cursor_Evaluate) \
  X(clang_Cursor_isMacroFunctionLike) \
  X(clang_File_isEqual) \
  X(clang_getLocationForOffset) \
  X(clang_getRange) \
  X(clang_getFileName) \
  X(clang_Location_isFromMainFile) \
  X(clang_getDiagnosticLocation) \
  X(clang_getInclusions) \
  X(clang_getDiagnosticSpelling) \
  X(clang_getTranslationUnitSpelling)

typedef struct {
#define C_LIBCLANG_SLOT(f) __typeof__(&f) f;
  C_LIBCLANG_FUNCTIONS(C_LIBCLANG_SLOT)
#undef C_LIBCLANG_SLOT
} c_libclang_api;
extern c_libclang_api c_libclang;

/* Opens libclang 14 once per process; false with the reason in err. */
bool c_libclang_load(char *err, size_t errlen);

#ifndef C_LIBCLANG_IMPL
#define clang_getCursorKind (c_libclang.clang_getCursorKind)
#define clang_Cursor_isNull (c_libclang.clang_Cursor_isNull)
#define clang_getCursorType (c_libclang.clang_getCursorType)
#define clang_getNullCursor (c_libclang.clang_getNullCursor)
#define clang_getCanonicalType (c_libclang.clang_getCanonicalType)
#define clang_equalCursors (c_libclang.clang_equalCursors)
#define clang_getCursorReferenced (c_libclang.clang_getCursorReferenced)
#define clang_getCursorExtent (c_libclang.clang_getCursorExtent)
#define clang_getCString (c_libclang.clang_getCString)
#define clang_disposeString (c_libclang.clang_disposeString)
#define clang_Cursor_getNumArguments (c_libclang.clang_Cursor_getNumArguments)
#define clang_Cursor_getArgument (c_libclang.clang_Cursor_getArgument)
#define clang_getRangeStart (c_libclang.clang_getRangeStart)
#define clang_getCanonicalCursor (c_libclang.clang_getCanonicalCursor)
#define clang_visitChildren (c_libclang.clang_visitChildren)
#define clang_tokenize (c_libclang.clang_tokenize)
#define clang_getTokenSpelling (c_libclang.clang_getTokenSpelling)
#define clang_getTokenKind (c_libclang.clang_getTokenKind)
#define clang_getResultType (c_libclang.clang_getResultType)
#define clang_getCursorSemanticParent (c_libclang.clang_getCursorSemanticParent)
#define clang_disposeTokens (c_libclang.clang_disposeTokens)
#define clang_isExpression (c_libclang.clang_isExpression)
#define clang_getTypeDeclaration (c_libclang.clang_getTypeDeclaration)
#define clang_getTokenExtent (c_libclang.clang_getTokenExtent)
#define clang_getSpellingLocation (c_libclang.clang_getSpellingLocation)
#define clang_getCursorDefinition (c_libclang.clang_getCursorDefinition)
#define clang_disposeIndex (c_libclang.clang_disposeIndex)
#define clang_disposeDiagnostic (c_libclang.clang_disposeDiagnostic)
#define clang_parseTranslationUnit2 (c_libclang.clang_parseTranslationUnit2)
#define clang_isCursorDefinition (c_libclang.clang_isCursorDefinition)
#define clang_getTypeSpelling (c_libclang.clang_getTypeSpelling)
#define clang_getTranslationUnitCursor (c_libclang.clang_getTranslationUnitCursor)
#define clang_getRangeEnd (c_libclang.clang_getRangeEnd)
#define clang_getNumDiagnostics (c_libclang.clang_getNumDiagnostics)
#define clang_getEnumDeclIntegerType (c_libclang.clang_getEnumDeclIntegerType)
#define clang_getEnumConstantDeclValue (c_libclang.clang_getEnumConstantDeclValue)
#define clang_getDiagnosticSeverity (c_libclang.clang_getDiagnosticSeverity)
#define clang_getDiagnostic (c_libclang.clang_getDiagnostic)
#define clang_getCursorSpelling (c_libclang.clang_getCursorSpelling)
#define clang_getCursorLocation (c_libclang.clang_getCursorLocation)
#define clang_getCursorKindSpelling (c_libclang.clang_getCursorKindSpelling)
#define clang_getArraySize (c_libclang.clang_getArraySize)
#define clang_getArrayElementType (c_libclang.clang_getArrayElementType)
#define clang_formatDiagnostic (c_libclang.clang_formatDiagnostic)
#define clang_disposeTranslationUnit (c_libclang.clang_disposeTranslationUnit)
#define clang_createIndex (c_libclang.clang_createIndex)
#define clang_Type_visitFields (c_libclang.clang_Type_visitFields)
#define clang_Type_getSizeOf (c_libclang.clang_Type_getSizeOf)
#define clang_EvalResult_isUnsignedInt (c_libclang.clang_EvalResult_isUnsignedInt)
#define clang_EvalResult_getKind (c_libclang.clang_EvalResult_getKind)
#define clang_EvalResult_getAsUnsigned (c_libclang.clang_EvalResult_getAsUnsigned)
#define clang_EvalResult_getAsLongLong (c_libclang.clang_EvalResult_getAsLongLong)
#define clang_EvalResult_dispose (c_libclang.clang_EvalResult_dispose)
#define clang_Cursor_getTranslationUnit (c_libclang.clang_Cursor_getTranslationUnit)
#define clang_Cursor_getStorageClass (c_libclang.clang_Cursor_getStorageClass)
#define clang_Cursor_Evaluate (c_libclang.clang_Cursor_Evaluate)
#define clang_Cursor_isMacroFunctionLike (c_libclang.clang_Cursor_isMacroFunctionLike)
#define clang_File_isEqual (c_libclang.clang_File_isEqual)
#define clang_getFileName (c_libclang.clang_getFileName)
#define clang_Location_isFromMainFile (c_libclang.clang_Location_isFromMainFile)
#define clang_getDiagnosticLocation (c_libclang.clang_getDiagnosticLocation)
#define clang_getInclusions (c_libclang.clang_getInclusions)
#define clang_getDiagnosticSpelling (c_libclang.clang_getDiagnosticSpelling)
#define clang_getTranslationUnitSpelling (c_libclang.clang_getTranslationUnitSpelling)
#define clang_getLocationForOffset (c_libclang.clang_getLocationForOffset)
#define clang_getRange (c_libclang.clang_getRange)
#endif
#endif
