package dev.skills.benchmarks;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.skills.core.SkillConfig;
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
 * Discovery of a folder of generated skills, against the I/O floor: a baseline that only
 * walks the tree and reads every {@code SKILL.md} whole. Two tree shapes: the project's
 * own ({@code project}: categories of 100, 300-character frontmatter, 3 KB body, a
 * bundled file) and a peer-like one ({@code peer}: 50 family folders, 80-character
 * descriptions, 4 KB bodies).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
// Two forks of eight iterations: single runs on a shared two-core machine varied by a
// quarter.
@Fork(2)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 8, time = 2)
public class DiscoveryBenchmark {

	@Param({ "1000", "10000" })
	public int skills;

	@Param({ "project", "peer" })
	public String tree;

	private Path root;

	private SkillConfig config;

	@Setup(Level.Trial)
	public void createSkills() {
		boolean peer = this.tree.equals("peer");
		this.root = peer ? SkillTrees.createPeerLike(this.skills) : SkillTrees.create(this.skills);
		List<String> locations = peer ? List.of(this.root.toString()) : SkillTrees.locations(this.root, this.skills);
		this.config = SkillConfig.builder().skillsDir(locations).build();
	}

	@TearDown(Level.Trial)
	public void deleteSkills() {
		SkillTrees.delete(this.root);
	}

	@Benchmark
	public long baselineWalkAndReadBytes() throws IOException {
		long[] bytes = new long[1];
		Files.walkFileTree(this.root, new SimpleFileVisitor<>() {

			@Override
			public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
				if (file.getFileName().toString().equals("SKILL.md")) {
					bytes[0] += Files.readAllBytes(file).length;
				}
				return FileVisitResult.CONTINUE;
			}

		});
		return bytes[0];
	}

	@Benchmark
	public int discover() {
		try (SkillsRegistry registry = new SkillsRegistry(this.config)) {
			registry.discover(this.config.skillsDir());
			return registry.size();
		}
	}

}
