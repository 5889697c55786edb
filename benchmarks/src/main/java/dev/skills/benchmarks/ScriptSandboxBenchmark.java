package dev.skills.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.skills.scripts.bubblewrap.BubblewrapSandbox;
import dev.skills.scripts.sandbox.ScriptLimits;
import dev.skills.scripts.sandbox.ScriptRequest;
import dev.skills.scripts.sandbox.ScriptResult;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the sandbox costs per call: a script that does nothing ({@code true}) run by
 * {@link BubblewrapSandbox}, next to a plain process start of {@code true} (the baseline)
 * and one bare {@code bwrap --unshare-all} around it (what any namespace sandbox pays),
 * in the same run. Needs Linux, bubblewrap and a pids cgroup.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ScriptSandboxBenchmark {

	private Path skill;

	private BubblewrapSandbox sandbox;

	private ScriptRequest request;

	@Setup(Level.Trial)
	public void createSandbox() throws IOException {
		this.skill = Files.createTempDirectory("skills-benchmark-skill");
		this.sandbox = BubblewrapSandbox.create(1);
		this.request = new ScriptRequest(this.skill, List.of("true"), "", ScriptLimits.DEFAULTS);
	}

	@TearDown(Level.Trial)
	public void closeSandbox() throws IOException {
		this.sandbox.close();
		Files.delete(this.skill);
	}

	@Benchmark
	public int baselinePlainProcess() throws IOException, InterruptedException {
		return new ProcessBuilder("/usr/bin/true").start().waitFor();
	}

	@Benchmark
	public int bareBwrap() throws IOException, InterruptedException {
		return new ProcessBuilder("bwrap", "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink",
				"usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin", "--proc", "/proc", "--dev", "/dev",
				"--unshare-all", "--die-with-parent", "--", "true")
			.start()
			.waitFor();
	}

	@Benchmark
	public ScriptResult sandboxedTrue() throws InterruptedException {
		ScriptResult result = this.sandbox.run(this.request);
		if (result.exitCode() != 0) {
			throw new IllegalStateException("true failed in the sandbox: " + result);
		}
		return result;
	}

}
