package dev.skills.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsRegistry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Applying one edited skill of 1,000 with a listener attached that takes 50 ms per change
 * (an index calling a remote model, say), beside no listener: the listener runs on the
 * registry's listener thread, so the reload should cost what it costs without it. The
 * edit (a file write) happens before each call and is not measured.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SlowListenerBenchmark {

	private static final int SKILLS = 1_000;

	private static final long LISTENER_MILLIS = 50;

	@Param({ "none", "slow" })
	public String listener;

	private Path root;

	private SkillsRegistry registry;

	private Path edited;

	private List<Path> changed;

	private int edits;

	@Setup(Level.Trial)
	public void createSkills() {
		this.root = SkillTrees.create(SKILLS);
		this.registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(SkillTrees.locations(this.root, SKILLS)).build());
		if (this.listener.equals("slow")) {
			this.registry.addListener((change) -> sleep());
		}
		this.edited = SkillTrees.skillFile(this.root, SKILLS / 2);
		this.changed = List.of(this.edited);
	}

	@TearDown(Level.Trial)
	public void deleteSkills() {
		this.registry.close();
		SkillTrees.delete(this.root);
	}

	@Setup(Level.Invocation)
	public void editOneSkill() throws IOException {
		// Alternate the length so that size and content both change.
		String suffix = ((this.edits++ % 2) == 0) ? " Edited." : " Edited again.";
		Files.writeString(this.edited, SkillTrees.content(SKILLS / 2, suffix));
	}

	@Benchmark
	public SkillsChange refreshOneEditedSkill() {
		return this.registry.refresh(this.changed);
	}

	private static void sleep() {
		try {
			Thread.sleep(LISTENER_MILLIS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
