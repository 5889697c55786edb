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
 * Applying one edited skill to registries of different sizes: the cost should not grow
 * with the number of skills. The edit (a file write) happens before each call and is not
 * measured.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ReloadBenchmark {

	@Param({ "10", "10000" })
	public int skills;

	private Path root;

	private SkillsRegistry registry;

	private Path edited;

	private List<Path> changed;

	private int edits;

	@Setup(Level.Trial)
	public void createSkills() {
		this.root = SkillTrees.create(this.skills);
		this.registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(SkillTrees.locations(this.root, this.skills)).build());
		this.edited = SkillTrees.skillFile(this.root, this.skills / 2);
		this.changed = List.of(this.edited);
	}

	@TearDown(Level.Trial)
	public void deleteSkills() {
		this.registry.close();
		SkillTrees.delete(this.root);
	}

	@Setup(Level.Invocation)
	public void editOneSkill() throws IOException {
		// Alternate the length so that size and content both change, whatever the clock
		// resolution.
		String suffix = ((this.edits++ % 2) == 0) ? " Edited." : " Edited again.";
		Files.writeString(this.edited, SkillTrees.content(this.skills / 2, suffix));
	}

	@Benchmark
	public SkillsChange refreshOneEditedSkill() {
		return this.registry.refresh(this.changed);
	}

}
