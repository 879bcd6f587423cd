#!/usr/bin/env python3
#
# mime-shape.py MAIL [TEXT [PNG]]: what a mail from mupbemd is made of,
# read with Python's email package, as a mail client reads it
# (docs/mail.md):
#
#   shape: multipart/alternative(text/plain,multipart/related(...))
#   picture: G1-2.png, 800 pixels wide, under 100 KB
#   alt: The board of G1: ...
#
# and a line "error: ..." for each thing wrong with its picture: the
# page's <img> names no part by Content-ID, the PNG does not decode
# (signature, CRCs, inflated size) or is not 800 pixels wide (400 for
# a phone's), 100 KB or more, the page lacks the text or the picture's
# size, or lets the picture be wider than the screen (no
# max-width:100% and height:auto).  The text part, decoded, goes to
# the file TEXT, the PNG to the file PNG.  Exits 0.

import email
import email.policy
import html
import re
import struct
import sys
import zlib


def shape(part):
    if part.is_multipart():
        return "%s(%s)" % (part.get_content_type(),
                           ",".join(shape(p) for p in part.iter_parts()))
    return part.get_content_type()


def first(part, ctype):
    for p in part.walk():
        if p.get_content_type() == ctype and \
                p.get_content_disposition() != "attachment":
            return p
    return None


def png_check(data):
    """Why PNG data does not decode, or None: every chunk's CRC, then
    the image data inflated to the size the header gives."""
    pos, idat, ihdr = 8, b"", None
    while pos + 12 <= len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + n]
        crc, = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        if zlib.crc32(kind + chunk) != crc:
            return "chunk %s: bad CRC" % kind.decode("latin-1")
        if kind == b"IHDR":
            ihdr = chunk
        elif kind == b"IDAT":
            idat += chunk
        elif kind == b"IEND":
            break
        pos += 12 + n
    else:
        return "no IEND"
    w, h, depth, colour = struct.unpack(">IIBB", ihdr[:10])
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    try:
        pixels = zlib.decompress(idat)
    except zlib.error as e:
        return "image data: %s" % e
    if len(pixels) != h * (1 + (w * channels * depth + 7) // 8):
        return "image data of %d bytes for %dx%d" % (len(pixels), w, h)
    return None


def main():
    with open(sys.argv[1], "rb") as f:
        m = email.message_from_binary_file(f, policy=email.policy.default)
    print("shape: " + shape(m))
    text = first(m, "text/plain")
    body = text.get_content() if text is not None else ""
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w", encoding="utf-8") as f:
            f.write(body)
    page = first(m, "text/html")
    png = first(m, "image/png")
    if page is None and png is None:
        return
    if page is None or png is None:
        print("error: a page without a picture, or a picture without one")
        return
    page = page.get_content()
    img = re.search(r'<img src="cid:([^"]+)" alt="([^"]*)" '
                    r'width="(\d+)" height="(\d+)"', page)
    cid = (png["Content-ID"] or "").strip()
    if img is None:
        print("error: no <img> with a cid, alt, width and height")
        return
    if "<" + html.unescape(img.group(1)) + ">" != cid:
        print("error: <img> names cid %s, the picture is %s" %
              (img.group(1), cid))
    if png.get_content_disposition() != "inline":
        print("error: the picture is not inline")
    data = png.get_content()
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        print("error: the picture is not a PNG")
        return
    w, h = struct.unpack(">II", data[16:24])
    bad = png_check(data)
    if bad is not None:
        print("error: the PNG does not decode: " + bad)
    if (str(w), str(h)) != (img.group(3), img.group(4)):
        print("error: the page says %sx%s, the PNG is %dx%d" %
              (img.group(3), img.group(4), w, h))
    if not (w == 800 and 400 <= h <= 1200 or w == 400 and 200 <= h <= 800):
        print("error: the PNG is %dx%d" % (w, h))
    style = re.search(r'<img [^>]*style="([^"]*)"', page)
    if style is None or "max-width:100%" not in style.group(1) or \
            "height:auto" not in style.group(1):
        print("error: the <img> may be wider than a phone's screen")
    if len(sys.argv) > 3:
        with open(sys.argv[3], "wb") as f:
            f.write(data)
    if len(data) >= 100 * 1024:
        print("error: the PNG is %d bytes" % len(data))
    pre = re.search(r"<pre[^>]*>\n(.*)</pre>", page, re.S)
    if pre is None or html.unescape(pre.group(1)) != body:
        print("error: the page's <pre> is not the text")
    print("picture: %s, %d pixels wide, under 100 KB" %
          (png.get_filename(), w))
    print("alt: " + html.unescape(img.group(2)))
    sys.stderr.write("%s: a PNG of %dx%d, %d bytes\n" %
                     (sys.argv[1], w, h, len(data)))


main()
