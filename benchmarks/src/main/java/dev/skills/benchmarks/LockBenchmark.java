package dev.skills.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.skills.core.SkillConfig;
import dev.skills.core.lock.SkillsLock;
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
 * Start-up with a lock ({@code skills.lock.file}, verify mode, every skill matching)
 * beside discovery of the same tree without one (the baseline): the lock's cost is the
 * digest of every skill's files and the instructions cached while they match. The tree is
 * {@link SkillTrees}' project shape ({@code SKILL.md} of about 3 KB and one bundled file
 * per skill).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 6, time = 2)
public class LockBenchmark {

	@Param({ "10000" })
	public int skills;

	private Path root;

	private SkillConfig discovery;

	private SkillConfig locked;

	@Setup(Level.Trial)
	public void createSkills() throws IOException {
		this.root = SkillTrees.create(this.skills);
		List<String> locations = SkillTrees.locations(this.root, this.skills);
		List<SkillsLock.Entry> entries = new ArrayList<>(this.skills);
		for (int i = 0; i < this.skills; i++) {
			Path folder = SkillTrees.skillFile(this.root, i).getParent();
			entries.add(new SkillsLock.Entry(SkillTrees.name(i),
					SkillsLock.digest(folder, List.of("SKILL.md", "references/GUIDE.md")), "bench"));
		}
		this.discovery = SkillConfig.builder().skillsDir(locations).build();
		this.locked = SkillConfig.builder()
			.skillsDir(locations)
			.lock(SkillsLock.of(entries), SkillsLock.Mode.VERIFY)
			.build();
		if (start(this.locked) != this.skills) {
			throw new IllegalStateException("The lock does not match the generated skills");
		}
	}

	@TearDown(Level.Trial)
	public void deleteSkills() {
		SkillTrees.delete(this.root);
	}

	@Benchmark
	public int baselineDiscover() {
		return start(this.discovery);
	}

	@Benchmark
	public int discoverWithLock() {
		return start(this.locked);
	}

	private static int start(SkillConfig config) {
		try (SkillsRegistry registry = new SkillsRegistry(config)) {
			registry.discover(config.skillsDir());
			return registry.size();
		}
	}

}
