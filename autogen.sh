exec autoreconf -fi
