package dev.skills.benchmarks;

import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus;
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
 * A refresh of a 1,000-skill git source, in both tree shapes of {@link SourceTrees}:
 * unchanged (one fetch, nothing new), and after a commit that edits one skill (fetch,
 * checkout, switch, registry update, old revision removed). The baseline is a rescan of
 * the same 1,000 skills as a folder location. The commit happens before each call and is
 * not measured.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SourcesBenchmark {

	@Param({ "project", "peer" })
	public String shape;

	private SourceTrees trees;

	private SkillsRegistry folder;

	private SourceRefresher unchanged;

	private SkillsRegistry unchangedRegistry;

	private SourceRefresher edited;

	private SkillsRegistry editedRegistry;

	@Setup(Level.Trial)
	public void createRepository() {
		this.trees = new SourceTrees(1000, this.shape);
		this.folder = this.trees.folderRegistry();
		this.unchanged = this.trees.sources("unchanged");
		this.unchangedRegistry = SourceTrees.sourceRegistry(this.unchanged);
		this.edited = this.trees.sources("edited");
		this.editedRegistry = SourceTrees.sourceRegistry(this.edited);
	}

	@TearDown(Level.Trial)
	public void deleteRepository() {
		this.unchanged.close();
		this.unchangedRegistry.close();
		this.edited.close();
		this.editedRegistry.close();
		this.folder.close();
		this.trees.close();
	}

	@Setup(Level.Invocation)
	public void commitOneEdit(org.openjdk.jmh.infra.BenchmarkParams params) {
		if (params.getBenchmark().endsWith("refreshOneChangedSkill")) {
			this.trees.commitOneEdit();
		}
	}

	@Benchmark
	public SkillsChange baselineFolderRescan() {
		return this.folder.reload();
	}

	@Benchmark
	public List<SourceStatus> refreshUnchanged() {
		return SourceTrees.refresh(this.unchanged);
	}

	@Benchmark
	public List<SourceStatus> refreshOneChangedSkill() {
		return SourceTrees.refresh(this.edited);
	}

}
