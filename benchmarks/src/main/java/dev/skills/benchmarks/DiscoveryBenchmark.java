package dev.skills.benchmarks;

import java.io.File;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Discovery of a folder of generated skills, against the I/O floor: a baseline that only
 * walks the tree and reads every {@code SKILL.md} whole. Two tree shapes: the project's
 * own ({@code project}: categories of 100, 300-character frontmatter, 3 KB body, a
 * bundled file) and a peer-like one ({@code peer}: 50 family folders, 80-character
 * descriptions, 4 KB bodies). When the system property {@value #AGENT_UTILS} names the
 * jar of spring-ai-agent-utils (built from its own sources; nothing of it is part of this
 * project), its loader, {@code Skills.loadDirectories}, is measured on the same trees in
 * the same run; without the property that benchmark stops at set-up saying so, and the
 * report leaves it out.
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

	/** The system property with the class path (its jar) of spring-ai-agent-utils. */
	public static final String AGENT_UTILS = "agent-utils.classpath";

	@Param({ "1000", "10000" })
	public int skills;

	@Param({ "project", "peer" })
	public String tree;

	private Path root;

	private List<String> locations;

	private SkillConfig config;

	private URLClassLoader agentUtils;

	private MethodHandle agentUtilsLoader;

	@Setup(Level.Trial)
	public void createSkills(BenchmarkParams params) throws Throwable {
		boolean peer = this.tree.equals("peer");
		this.root = peer ? SkillTrees.createPeerLike(this.skills) : SkillTrees.create(this.skills);
		this.locations = peer ? List.of(this.root.toString()) : SkillTrees.locations(this.root, this.skills);
		this.config = SkillConfig.builder().skillsDir(this.locations).build();
		if (params.getBenchmark().endsWith(".agentUtilsLoadDirectories")) {
			this.agentUtilsLoader = agentUtilsLoader();
		}
	}

	@TearDown(Level.Trial)
	public void deleteSkills() throws IOException {
		SkillTrees.delete(this.root);
		if (this.agentUtils != null) {
			this.agentUtils.close();
		}
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

	@Benchmark
	public int agentUtilsLoadDirectories() throws Throwable {
		return ((List<?>) this.agentUtilsLoader.invoke(this.locations)).size();
	}

	// Its public static Skills.loadDirectories(List<String>), Spring from this class
	// path; it must find every skill once before it is timed.
	private MethodHandle agentUtilsLoader() throws Throwable {
		String classPath = System.getProperty(AGENT_UTILS, "");
		if (classPath.isBlank()) {
			throw new IllegalStateException("spring-ai-agent-utils is not measured: -D" + AGENT_UTILS
					+ "=<its jar> is not set (see docs/performance.md)");
		}
		URL[] jars = Arrays.stream(classPath.split(File.pathSeparator))
			.map(DiscoveryBenchmark::toUrl)
			.toArray(URL[]::new);
		this.agentUtils = new URLClassLoader(jars, DiscoveryBenchmark.class.getClassLoader());
		MethodHandle loader = MethodHandles.publicLookup()
			.findStatic(Class.forName("org.springaicommunity.agent.utils.Skills", true, this.agentUtils),
					"loadDirectories", MethodType.methodType(List.class, List.class));
		int found = ((List<?>) loader.invoke(this.locations)).size();
		if (found != this.skills) {
			throw new IllegalStateException("spring-ai-agent-utils found " + found + " skills of " + this.skills);
		}
		return loader;
	}

	private static URL toUrl(String jar) {
		try {
			return Path.of(jar).toUri().toURL();
		}
		catch (MalformedURLException ex) {
			throw new IllegalArgumentException("Not a jar path: " + jar, ex);
		}
	}

}
