package dev.skills.scripts.bubblewrap;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import dev.skills.scripts.bubblewrap.ProcessStreams.Output;
import dev.skills.scripts.sandbox.SandboxException;
import dev.skills.scripts.sandbox.SandboxUnavailableException;
import dev.skills.scripts.sandbox.ScriptLimits;
import dev.skills.scripts.sandbox.ScriptRequest;
import dev.skills.scripts.sandbox.ScriptResult;
import dev.skills.scripts.sandbox.SkillScriptSandbox;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The sandbox of <a href="https://github.com/containers/bubblewrap">bubblewrap</a>
 * ({@code bwrap}, Linux): every namespace unshared (no network, no other process, no host
 * file but {@code /usr}), the skill a read-only copy at {@code /skill}, a tmpfs of
 * {@link ScriptLimits#maxWorkBytes()} at {@code /work} (also {@code /tmp}), an empty
 * environment but {@code PATH}, {@code HOME} and {@code LANG}, data memory per process
 * bounded by {@code RLIMIT_DATA}, and processes and threads by a pids cgroup, whose
 * members are all ended when the call returns. {@link #create(int)} checks all of it
 * once, by running a command, and fails when any part is missing.
 */
public final class BubblewrapSandbox implements SkillScriptSandbox, AutoCloseable {

	private static final Log logger = LogFactory.getLog(BubblewrapSandbox.class);

	// How long ending a run's processes and draining its pipes may add to the timeout.
	private static final Duration END_WAIT = Duration.ofSeconds(5);

	private final BwrapCommand commands;

	private final SandboxFolders folders;

	private final int maxConcurrent;

	private final Semaphore permits;

	private final ThreadPoolExecutor pool;

	private final Set<Process> running = ConcurrentHashMap.newKeySet();

	private final AtomicLong runs = new AtomicLong();

	private BubblewrapSandbox(BwrapCommand commands, SandboxFolders folders, int maxConcurrent) {
		this.commands = commands;
		this.folders = folders;
		this.maxConcurrent = maxConcurrent;
		this.permits = new Semaphore(maxConcurrent, true);
		AtomicInteger threads = new AtomicInteger();
		// Three pipes per run, each on its own thread while the run lasts.
		this.pool = new ThreadPoolExecutor(3 * maxConcurrent, 3 * maxConcurrent, 30, TimeUnit.SECONDS,
				new LinkedBlockingQueue<>(), (task) -> {
					Thread thread = new Thread(task, "skills-script-io-" + threads.incrementAndGet());
					thread.setDaemon(true);
					return thread;
				});
		this.pool.allowCoreThreadTimeOut(true);
	}

	/**
	 * Find {@code bwrap} on the {@code PATH}, make this sandbox's pids cgroup, and run
	 * {@code true} in a sandbox to check that the kernel allows every part of it.
	 * @param maxConcurrent how many commands may run at once; more wait for their turn
	 * @return the sandbox, to be closed
	 * @throws SandboxUnavailableException when bubblewrap is missing or cannot isolate
	 * here
	 */
	public static BubblewrapSandbox create(int maxConcurrent) {
		if (maxConcurrent < 1 || maxConcurrent > 256) {
			throw new IllegalArgumentException("maxConcurrent must be between 1 and 256, not " + maxConcurrent);
		}
		Path bwrap = findBwrap();
		BubblewrapSandbox sandbox = new BubblewrapSandbox(BwrapCommand.of(bwrap), SandboxFolders.create(END_WAIT),
				maxConcurrent);
		sandbox.check();
		return sandbox;
	}

	private static Path findBwrap() {
		String path = System.getenv("PATH");
		for (String folder : (path != null) ? path.split(File.pathSeparator) : new String[0]) {
			Path candidate = Path.of(folder.isEmpty() ? "." : folder, "bwrap");
			if (Files.isExecutable(candidate) && Files.isRegularFile(candidate)) {
				try {
					return candidate.toRealPath();
				}
				catch (IOException ex) {
					// Gone meanwhile: look further.
				}
			}
		}
		throw new SandboxUnavailableException("bubblewrap (bwrap) is not installed: no bwrap on the PATH",
				"Install bubblewrap (Debian and Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap; "
						+ "Alpine: apk add bubblewrap)");
	}

	private void check() {
		String failure;
		try {
			Path empty = Files.createDirectory(this.folders.file("check"));
			Attempt attempt = attempt(new ScriptRequest(empty, List.of("true"), "", ScriptLimits.DEFAULTS));
			failure = (attempt.result() != null && attempt.result().exitCode() == 0) ? null : attempt.detail();
		}
		catch (IOException ex) {
			failure = ex.toString();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			failure = "interrupted";
		}
		if (failure != null) {
			close();
			throw new SandboxUnavailableException("bubblewrap cannot make a sandbox here: " + failure,
					"Allow unprivileged user namespaces (kernel.unprivileged_userns_clone=1, or on Ubuntu an "
							+ "AppArmor profile for bwrap), or run where namespaces are allowed");
		}
	}

	@Override
	public ScriptResult run(ScriptRequest request) throws InterruptedException {
		if (this.pool.isShutdown()) {
			throw new SandboxException("The sandbox is closed.");
		}
		Duration timeout = request.limits().timeout();
		if (!this.permits.tryAcquire(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
			throw new SandboxException("All " + this.maxConcurrent + " script slots stayed busy for "
					+ timeout.toSeconds() + " s; try again later.");
		}
		try {
			Attempt attempt = attempt(request);
			if (attempt.result() == null) {
				logger.warn("A script in " + request.skillFolder() + " could not be started: " + attempt.detail());
				String program = request.command().get(0);
				// The one failure the model can name: the program is the configured one.
				if (attempt.detail().contains("bwrap: execvp " + program + ": No such file")) {
					throw new SandboxException("The program '" + program + "' is not installed where scripts run.");
				}
				throw new SandboxException("The sandbox could not start the script; the application's log says why.");
			}
			return attempt.result();
		}
		finally {
			this.permits.release();
		}
	}

	private Attempt attempt(ScriptRequest request) throws InterruptedException {
		ScriptLimits limits = request.limits();
		long id = this.runs.incrementAndGet();
		Path arguments = this.folders.file(id + ".args");
		Path status = this.folders.file(id + ".status");
		PidsCgroup run = null;
		Process process = null;
		try {
			run = this.folders.cgroup().child("run-" + id);
			run.limit(limits.maxProcesses() + BwrapCommand.OVERHEAD_PROCESSES);
			Files.write(arguments, this.commands.outerArguments(request.skillFolder()));
			ProcessBuilder builder = new ProcessBuilder(this.commands.launch(run.procs(), arguments, status, request))
				.directory(new File("/"));
			builder.environment().clear();
			long start = System.nanoTime();
			process = builder.start();
			this.running.add(process);
			ProcessStreams streams = ProcessStreams.start(process, request.stdin(), limits.maxOutputBytes(), this.pool);
			boolean exited = process.waitFor(limits.timeout().toNanos(), TimeUnit.NANOSECONDS);
			Duration duration = Duration.ofNanos(System.nanoTime() - start);
			end(process, run);
			Output[] outputs = streams.await(END_WAIT);
			Integer exitCode = BwrapCommand.exitCode(status);
			if (!exited || exitCode != null) {
				return new Attempt(ProcessStreams.result(exited ? exitCode : -1, !exited, outputs,
						limits.maxOutputBytes(), duration), "");
			}
			return new Attempt(null,
					"bwrap exited with " + process.exitValue() + ", output: " + outputs[0].text() + outputs[1].text());
		}
		catch (IOException ex) {
			return new Attempt(null, ex.toString());
		}
		finally {
			if (process != null) {
				end(process, run);
				// Closes the pipes, which the readers have finished with by now.
				process.destroyForcibly();
				this.running.remove(process);
			}
			if (run != null) {
				SandboxFolders.delete(run);
			}
			SandboxFolders.delete(arguments);
			SandboxFolders.delete(status);
		}
	}

	// The whole run: the launcher, and every process in the run's cgroup. Through the
	// handle, as Process.destroyForcibly also closes the pipes, which would lose what the
	// run printed and the readers had not read yet.
	static void end(Process process, @Nullable PidsCgroup run) {
		process.toHandle().destroyForcibly();
		if (run != null && !run.endAll(END_WAIT)) {
			logger.warn("Processes of a script run outlived " + END_WAIT.toSeconds() + " s: " + run.procs());
		}
	}

	/**
	 * End every running command, wait for the pipe threads, and remove this sandbox's
	 * cgroup and private folder.
	 */
	@Override
	public void close() {
		this.pool.shutdown();
		this.running.forEach(Process::destroyForcibly);
		try {
			if (!this.pool.awaitTermination(END_WAIT.toMillis() * 2, TimeUnit.MILLISECONDS)) {
				this.pool.shutdownNow();
			}
		}
		catch (InterruptedException ex) {
			this.pool.shutdownNow();
			Thread.currentThread().interrupt();
		}
		this.folders.delete();
	}

	private record Attempt(@Nullable ScriptResult result, String detail) {
	}

}
