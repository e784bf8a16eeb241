// Text: fontconfig finds fonts, FreeType rasterizes glyphs, HarfBuzz shapes runs of them
// (libfontconfig-dev, libfreetype-dev, libharfbuzz-dev).
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_GLYPH_H
#include FT_STROKER_H
#include <hb.h>
#include <hb-ft.h>
