# Starts a throw-away PostgreSQL on 127.0.0.1 for the JDBC tests; sourced by .ci/run.
# Installs Debian's postgresql package when it is missing, keeps its data in a temporary folder
# and exports SKILLS_TEST_JDBC_URL / _USERNAME / _PASSWORD. Call skills_postgres_stop to end it.

skills_postgres_bin() {
	local bin
	bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
	if [ -z "$bin" ] || [ ! -x "$bin/pg_ctl" ]; then
		echo "PostgreSQL is not installed: installing Debian's postgresql package" >&2
		apt-get update -q >&2
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2
		bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
	fi
	echo "$bin"
}

skills_postgres_start() {
	local bin port
	bin=$(skills_postgres_bin)
	# PostgreSQL refuses to run as root: the data folder belongs to the postgres user.
	SKILLS_PG_DIR=$(mktemp -d /tmp/skills-pg.XXXXXX)
	chown postgres: "$SKILLS_PG_DIR"
	chmod 700 "$SKILLS_PG_DIR"
	port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null \
		|| echo $((20000 + RANDOM % 20000)))
	runuser -u postgres -- "$bin/initdb" -D "$SKILLS_PG_DIR/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
	runuser -u postgres -- "$bin/pg_ctl" -D "$SKILLS_PG_DIR/data" -w -l "$SKILLS_PG_DIR/server.log" \
		-o "-p $port -k $SKILLS_PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off" start >/dev/null
	runuser -u postgres -- "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres skills_test
	SKILLS_PG_BIN=$bin
	export SKILLS_TEST_JDBC_URL="jdbc:postgresql://127.0.0.1:$port/skills_test"
	export SKILLS_TEST_JDBC_USERNAME=postgres
	export SKILLS_TEST_JDBC_PASSWORD=
	echo "PostgreSQL for the JDBC tests: $SKILLS_TEST_JDBC_URL"
}

skills_postgres_stop() {
	if [ -n "${SKILLS_PG_DIR:-}" ]; then
		runuser -u postgres -- "$SKILLS_PG_BIN/pg_ctl" -D "$SKILLS_PG_DIR/data" -m fast stop >/dev/null 2>&1 || true
		rm -rf "$SKILLS_PG_DIR"
		SKILLS_PG_DIR=
	fi
}
