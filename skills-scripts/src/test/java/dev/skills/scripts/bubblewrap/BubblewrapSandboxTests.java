package dev.skills.scripts.bubblewrap;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import dev.skills.scripts.sandbox.SandboxException;
import dev.skills.scripts.sandbox.ScriptLimits;
import dev.skills.scripts.sandbox.ScriptRequest;
import dev.skills.scripts.sandbox.ScriptResult;
import dev.skills.scripts.testing.BubblewrapTest;
import dev.skills.scripts.testing.ScriptFixtures;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Real scripts in real bubblewrap: what they get (arguments, input, output, exit codes)
 * and what they are kept from (files outside the skill, the network, the application's
 * environment, host paths, unbounded time, processes, output, memory and disk). Every
 * result is checked for host paths, and every test for processes left behind.
 */
@BubblewrapTest
@ExtendWith(OutputCaptureExtension.class)
class BubblewrapSandboxTests {

	private static final ScriptLimits LIMITS = new ScriptLimits(Duration.ofSeconds(20), 100 * 1024, 32, 256L << 20,
			4L << 20);

	private static BubblewrapSandbox sandbox;

	@TempDir
	Path folder;

	@BeforeAll
	static void createSandbox() {
		sandbox = BubblewrapSandbox.create(4);
	}

	@AfterAll
	static void closeSandbox() {
		sandbox.close();
	}

	@Test
	void scriptGetsArgumentsInputAndExitCode() throws Exception {
		Path skill = skill("""
				import sys
				print("args", sys.argv[1:])
				print("stdin", sys.stdin.read())
				print("to stderr", file=sys.stderr)
				sys.exit(3)
				""");

		ScriptResult result = run(skill, List.of("python3", "/skill/scripts/run.py", "a b", "--c"), "héllo");

		assertThat(result.exitCode()).isEqualTo(3);
		assertThat(result.timedOut()).isFalse();
		assertThat(result.stdout()).isEqualTo("args ['a b', '--c']\nstdin héllo\n");
		assertThat(result.stderr()).isEqualTo("to stderr\n");
		assertThat(result.cut()).isFalse();
	}

	@Test
	void bashAndNodeScriptsRunToo() throws Exception {
		Path skill = skill("");
		ScriptFixtures.write(skill, "scripts/run.sh", "echo \"bash in $PWD with $1\"; exit 4\n");
		ScriptFixtures.write(skill, "scripts/run.js", "console.log('node', process.argv[2]); process.exit(5)\n");

		ScriptResult bash = run(skill, List.of("bash", "/skill/scripts/run.sh", "x"), "");
		ScriptResult node = run(skill, List.of("node", "/skill/scripts/run.js", "y"), "");

		assertThat(bash.stdout()).isEqualTo("bash in /work with x\n");
		assertThat(bash.exitCode()).isEqualTo(4);
		assertThat(node.stdout()).isEqualTo("node y\n");
		assertThat(node.exitCode()).isEqualTo(5);
	}

	@Test
	void filesOutsideTheSkillCannotBeRead() throws Exception {
		Path outside = ScriptFixtures.write(this.folder, "outside/secret.txt", "outside-secret");
		Path skill = skill("""
				import sys
				for number, path in enumerate(sys.argv[1:]):
				    try:
				        print(number, open(path).read())
				    except OSError as error:
				        print(number, "refused", type(error).__name__)
				""");

		ScriptResult result = run(skill, List.of("python3", "/skill/scripts/run.py", outside.toString(),
				"/skill/../outside/secret.txt", "/etc/shadow", "/etc/passwd", "/proc/1/root/etc/shadow"), "");

		assertThat(result.stdout()).doesNotContain("outside-secret", "root:").contains("2 refused FileNotFoundError");
		assertThat(result.stdout().lines()).hasSize(5).allMatch((line) -> line.contains(" refused "));
	}

	@Test
	void linksOutOfTheSkillLeadNowhere() throws Exception {
		Path outside = ScriptFixtures.write(this.folder, "outside/secret.txt", "outside-secret");
		Path skill = skill("""
				import os
				for name in sorted(os.listdir("/skill/links")):
				    try:
				        print(name, open("/skill/links/" + name).read())
				    except OSError as error:
				        print(name, "refused", type(error).__name__)
				""");
		Files.createDirectories(skill.resolve("links"));
		Files.createSymbolicLink(skill.resolve("links/absolute"), outside);
		Files.createSymbolicLink(skill.resolve("links/relative"), Path.of("../../outside/secret.txt"));
		Files.createSymbolicLink(skill.resolve("links/system"), Path.of("/etc/passwd"));

		try {
			ScriptResult result = run(skill, List.of("python3", "/skill/scripts/run.py"), "");

			assertThat(result.stdout()).doesNotContain("outside-secret", "root:");
			assertThat(result.stdout().lines()).containsExactly("absolute refused FileNotFoundError",
					"relative refused FileNotFoundError", "system refused FileNotFoundError");
		}
		finally {
			// JUnit warns about links leaving its temporary folder.
			Files.delete(skill.resolve("links/system"));
			Files.delete(skill.resolve("links/absolute"));
		}
	}

	@Test
	void skillFolderIsReadOnly() throws Exception {
		Path skill = skill("""
				for path in ["/skill/new.txt", "/skill/scripts/run.py"]:
				    try:
				        open(path, "a").write("changed")
				        print(path, "written")
				    except OSError as error:
				        print(path, "refused", error.strerror)
				open("/work/out.txt", "w").write("scratch")
				print(open("/tmp/out.txt").read())
				""");

		ScriptResult result = run(skill, List.of("python3", "/skill/scripts/run.py"), "");

		assertThat(result.stdout()).isEqualTo("/skill/new.txt refused Read-only file system\n"
				+ "/skill/scripts/run.py refused Read-only file system\nscratch\n");
		assertThat(skill.resolve("new.txt")).doesNotExist();
		assertThat(skill.resolve("scripts/run.py")).content().endsWith(".read())\n");
	}

	@Test
	void workFolderIsFreshEachRun() throws Exception {
		Path skill = skill("""
				import os
				print(sorted(os.listdir("/work")))
				open("/work/left.txt", "w").write("from an earlier run")
				""");

		run(skill, List.of("python3", "/skill/scripts/run.py"), "");
		ScriptResult second = run(skill, List.of("python3", "/skill/scripts/run.py"), "");

		assertThat(second.stdout()).isEqualTo("[]\n");
	}

	@Test
	void workFolderIsBounded() throws Exception {
		Path skill = skill("""
				try:
				    open("/work/big", "wb").write(b"x" * (8 * 1024 * 1024))
				    print("written")
				except OSError as error:
				    print("refused", error.strerror)
				""");

		ScriptResult result = run(skill, List.of("python3", "/skill/scripts/run.py"), "");

		assertThat(result.stdout()).isEqualTo("refused No space left on device\n");
	}

	@Test
	void loopbackPortCannotBeReached() throws Exception {
		try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
			Path skill = skill("""
					import socket, sys
					try:
					    socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5)
					    print("connected")
					except OSError as error:
					    print("refused", type(error).__name__)
					""");

			ScriptResult result = run(skill,
					List.of("python3", "/skill/scripts/run.py", Integer.toString(server.getLocalPort())), "");

			assertThat(result.stdout()).startsWith("refused");
			server.setSoTimeout(200);
			try {
				server.accept().close();
				throw new AssertionError("The script reached the test's port");
			}
			catch (SocketTimeoutException expected) {
				// Nobody connected.
			}
		}
	}

	@Test
	void endlessLoopTimesOut() throws Exception {
		Path skill = skill("""
				import subprocess
				subprocess.Popen(["sleep", "301.5"])
				print("looping", flush=True)
				while True:
				    pass
				""");
		ScriptLimits limits = new ScriptLimits(Duration.ofSeconds(2), 1024, 32, 256L << 20, 4L << 20);

		long start = System.nanoTime();
		ScriptResult result = run(skill, List.of("python3", "/skill/scripts/run.py"), "", limits);
		Duration elapsed = Duration.ofNanos(System.nanoTime() - start);

		assertThat(result.timedOut()).isTrue();
		assertThat(result.exitCode()).isEqualTo(-1);
		assertThat(result.stdout()).isEqualTo("looping\n");
		// The timeout is the behaviour: the call returns soon after it, on a busy machine
		// too.
		assertThat(elapsed).isBetween(Duration.ofSeconds(2), Duration.ofSeconds(12));
		assertThat(ScriptFixtures.processesWith("301.5")).isEmpty();
	}

	@Test
	void forkBombIsStoppedByTheProcessLimit() throws Exception {
		Path skill = skill("""
				import os, time
				children = 0
				try:
				    while True:
				        if os.fork() == 0:
				            time.sleep(302.5)
				            os._exit(0)
				        children += 1
				except OSError as error:
				    print("stopped after", children, "children:", error.strerror)
				""");

		ScriptResult result = run(skill, List.of("python3", "/skill/scripts/run.py"), "");

		assertThat(result.stdout()).startsWith("stopped after")
			.endsWith("children: Resource temporarily unavailable\n");
		int children = Integer.parseInt(result.stdout().split(" ")[2]);
		assertThat(children).isLessThan(LIMITS.maxProcesses());
		assertThat(ScriptFixtures.processesWith("302.5")).isEmpty();
	}

	@Test
	void shellForkBombEndsWithTheCall() throws Exception {
		Path skill = skill("");
		ScriptFixtures.write(skill, "scripts/bomb.sh", "bomb() { bomb | bomb & }; bomb; sleep 303.5\n");
		ScriptLimits limits = new ScriptLimits(Duration.ofSeconds(3), 1024, 32, 256L << 20, 4L << 20);

		ScriptResult result = run(skill, List.of("bash", "/skill/scripts/bomb.sh"), "", limits);

		assertThat(result.stderr()).contains("Resource temporarily unavailable");
		assertThat(ScriptFixtures.processesWith("303.5")).isEmpty();
		assertThat(ScriptFixtures.processesWith("/skill/scripts/bomb.sh")).isEmpty();
	}

	@Test
	void largeOutputIsCut() throws Exception {
		Path skill = skill("""
				import sys
				sys.stderr.write("error first\\n")
				sys.stderr.flush()
				sys.stdout.write("é" * (25 * 1024 * 1024))
				""");

		ScriptResult result = run(skill, List.of("python3", "/skill/scripts/run.py"), "");

		assertThat(result.exitCode()).isZero();
		assertThat(result.stderr()).isEqualTo("error first\n");
		assertThat(result.stdout()).hasSize((100 * 1024 - 12) / 2).matches("é+");
		assertThat(result.cutBytes()).isEqualTo(50L * 1024 * 1024 - 2 * result.stdout().length());
	}

	@Test
	void memoryIsBounded() throws Exception {
		Path skill = skill("""
				try:
				    block = bytearray(1024 * 1024 * 1024)
				    print("allocated")
				except MemoryError:
				    print("refused")
				""");

		ScriptResult result = run(skill, List.of("python3", "/skill/scripts/run.py"), "");

		assertThat(result.stdout()).isEqualTo("refused\n");
	}

	@Test
	void noVariableOrHostPathReachesTheScript() throws Exception {
		Path skill = skill("""
				import os
				print(dict(os.environ))
				for name in ["/proc/1/environ", "/proc/self/environ", "/proc/1/cmdline", "/proc/self/mountinfo",
				             "/proc/self/cgroup", "/proc/1/mountinfo"]:
				    print(name, open(name, "rb").read().replace(b"\\0", b" ").decode())
				for fd in sorted(os.listdir("/proc/self/fd")):
				    try:
				        print("fd", fd, os.readlink("/proc/self/fd/" + fd))
				    except OSError:
				        pass
				print(os.uname().nodename, os.getcwd())
				""");

		ScriptResult result = run(skill, List.of("python3", "/skill/scripts/run.py"), "");

		assertThat(result.exitCode()).isZero();
		assertThat(result.stdout()).doesNotContain(ScriptFixtures.secret())
			.doesNotContain(ScriptFixtures.hostPaths(skill, this.folder))
			.contains("/proc/1/environ \n")
			.contains("sandbox /work");
		assertThat(result.stdout().lines().findFirst()).hasValueSatisfying((variables) -> assertThat(variables)
			.isEqualTo("{'PATH': '/usr/local/bin:/usr/bin:/bin', 'HOME': '/work', 'LANG': 'C.UTF-8', 'PWD': '/work'}"));
	}

	@Test
	void eightConcurrentCallsComplete() throws Exception {
		Path skill = skill("""
				import sys, time
				time.sleep(0.3)
				print("call", sys.argv[1])
				""");
		ExecutorService callers = Executors.newFixedThreadPool(8);
		try {
			List<Future<ScriptResult>> calls = new ArrayList<>();
			for (int i = 0; i < 8; i++) {
				List<String> command = List.of("python3", "/skill/scripts/run.py", Integer.toString(i));
				calls.add(callers.submit(() -> run(skill, command, "")));
			}
			for (int i = 0; i < 8; i++) {
				assertThat(calls.get(i).get().stdout()).isEqualTo("call " + i + "\n");
			}
		}
		finally {
			callers.shutdownNow();
		}
	}

	@Test
	void endingARunKeepsItsUnreadOutput() throws Exception {
		// A run that has ended with output its reader has not reached yet, as happens
		// when the machine is busy.
		Process process = new ProcessBuilder("sh", "-c", "head -c 50000 /dev/zero").start();
		process.waitFor();

		BubblewrapSandbox.end(process, null);

		assertThat(process.getInputStream().readAllBytes()).hasSize(50000);
	}

	@Test
	void missingProgramIsNamed(CapturedOutput output) throws IOException {
		Path skill = skill("");

		assertThatExceptionOfType(SandboxException.class)
			.isThrownBy(() -> run(skill, List.of("no-such-interpreter", "/skill/scripts/run.py"), ""))
			.withMessage("The program 'no-such-interpreter' is not installed where scripts run.");
		assertThat(output).contains("could not be started: bwrap exited with 1, output: bwrap: execvp "
				+ "no-such-interpreter: No such file or directory");
	}

	@Test
	void interruptedCallEndsItsProcesses() throws Exception {
		Path skill = skill("""
				import subprocess
				subprocess.run(["sleep", "304.5"])
				""");
		ExecutorService caller = Executors.newSingleThreadExecutor();
		try {
			Future<ScriptResult> call = caller
				.submit(() -> run(skill, List.of("python3", "/skill/scripts/run.py"), ""));
			Awaitility.await().until(() -> !ScriptFixtures.processesWith("304.5").isEmpty());

			call.cancel(true);

			Awaitility.await().until(() -> ScriptFixtures.processesWith("304.5").isEmpty());
		}
		finally {
			caller.shutdownNow();
		}
	}

	@Test
	void closeRemovesTheSandboxFolders() throws IOException {
		List<Path> before = sandboxFolders();
		BubblewrapSandbox other = BubblewrapSandbox.create(1);
		assertThat(sandboxFolders()).hasSize(before.size() + 2);

		other.close();

		assertThat(sandboxFolders()).isEqualTo(before);
		assertThatExceptionOfType(SandboxException.class)
			.isThrownBy(() -> other.run(new ScriptRequest(this.folder, List.of("true"), "", LIMITS)))
			.withMessage("The sandbox is closed.");
	}

	// The cgroups and private folders of this JVM's sandboxes.
	private static List<Path> sandboxFolders() throws IOException {
		List<Path> folders = new ArrayList<>();
		for (Path parent : List.of(PidsCgroup.own().procs().getParent(),
				Path.of(System.getProperty("java.io.tmpdir")))) {
			try (Stream<Path> children = Files.list(parent)) {
				children.filter((path) -> path.getFileName().toString().startsWith("skills-scripts-"))
					.sorted()
					.forEach(folders::add);
			}
		}
		return folders;
	}

	@Test
	void missingSkillFolderIsASandboxError(CapturedOutput output) {
		Path gone = this.folder.resolve("gone");

		assertThatExceptionOfType(SandboxException.class).isThrownBy(() -> run(gone, List.of("true"), ""))
			.withMessage("The sandbox could not start the script; the application's log says why.");
		assertThat(output).contains("Can't find source path " + gone);
	}

	@AfterEach
	void noRunIsLeft() throws IOException {
		Path cgroups = PidsCgroup.own().procs().getParent();
		try (Stream<Path> sandboxes = Files.list(cgroups)) {
			for (Path folder : sandboxes
				.filter((path) -> path.getFileName()
					.toString()
					.startsWith("skills-scripts-" + ProcessHandle.current().pid()))
				.toList()) {
				try (Stream<Path> runs = Files.list(folder)) {
					assertThat(runs.filter(Files::isDirectory)).isEmpty();
				}
			}
		}
	}

	private Path skill(String script) throws IOException {
		Path skill = Files.createDirectories(this.folder.resolve("skill"));
		ScriptFixtures.write(skill, "scripts/run.py", script);
		return skill;
	}

	private static ScriptResult run(Path skill, List<String> command, String stdin) throws InterruptedException {
		return run(skill, command, stdin, LIMITS);
	}

	private static ScriptResult run(Path skill, List<String> command, String stdin, ScriptLimits limits)
			throws InterruptedException {
		ScriptResult result = sandbox.run(new ScriptRequest(skill, command, stdin, limits));
		assertThat(ScriptFixtures.text(result)).doesNotContain(ScriptFixtures.hostPaths(skill));
		return result;
	}

}
