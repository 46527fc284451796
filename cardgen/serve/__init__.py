"""`cardgen serve`: the kit in a browser, beside the command line and on the same code.

    security.py  the door: the key in the first address, the Host and Origin checks, body sizes
    forms.py     the form, made from the settings table; a submitted form read back through it
    app.py       the routes (Starlette) and pages (templates/serve/, Jinja2)
    jobs.py      the bounded queue of builds and playtests, each in its own process; events for SSE
    work.py      what a job does: build, check and zip a kit; play; tune (the CLI's functions)
    kits.py      the data folder, where everything the server writes lives
    run.py       the server itself (uvicorn): the address printed, the browser opened, Ctrl-C
"""
