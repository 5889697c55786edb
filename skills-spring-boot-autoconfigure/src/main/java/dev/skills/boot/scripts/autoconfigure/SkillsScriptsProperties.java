package dev.skills.boot.scripts.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.skills.scripts.ScriptInterpreters;
import dev.skills.scripts.sandbox.ScriptLimits;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Configuration properties of running skills' scripts ({@code skills.scripts.*}).
 */
@ConfigurationProperties(SkillsScriptsProperties.PREFIX)
public class SkillsScriptsProperties {

	/** The prefix of every property. */
	public static final String PREFIX = "skills.scripts";

	/**
	 * Whether to offer the run_skill_script tool, which runs skills' scripts in a sandbox
	 * (bubblewrap); start-up fails when no sandbox works on this machine.
	 */
	private boolean enabled;

	/**
	 * The program that runs each file extension (without the dot), for example 'py:
	 * python3 -I'; files with any other extension never run.
	 */
	private Map<String, String> interpreters = new LinkedHashMap<>(ScriptInterpreters.DEFAULTS);

	/**
	 * Locations (as in 'skills.skills-dir') whose skills may run their scripts; empty
	 * means every location of 'skills.skills-dir'. Remote sources' skills run scripts
	 * only when their folder is listed here.
	 */
	private List<String> trustedLocations = new ArrayList<>();

	/**
	 * Longest one script may run; then it is stopped with every process it started.
	 */
	private Duration timeout = ScriptLimits.DEFAULTS.timeout();

	/**
	 * Most output kept of one run, standard output and standard error together; the rest
	 * is left out with a note.
	 */
	private DataSize maxOutput = DataSize.ofBytes(ScriptLimits.DEFAULTS.maxOutputBytes());

	/**
	 * Most processes and threads one run may have at once.
	 */
	private int maxProcesses = ScriptLimits.DEFAULTS.maxProcesses();

	/**
	 * Most data memory each process of a run may allocate.
	 */
	private DataSize maxMemory = DataSize.ofBytes(ScriptLimits.DEFAULTS.maxMemoryBytes());

	/**
	 * Size of the writable working folder /work of one run (memory-backed).
	 */
	private DataSize maxWorkSize = DataSize.ofBytes(ScriptLimits.DEFAULTS.maxWorkBytes());

	/**
	 * Most scripts running at once; more calls wait for a turn, at most for the timeout.
	 */
	private int maxConcurrent = 4;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Map<String, String> getInterpreters() {
		return this.interpreters;
	}

	public void setInterpreters(Map<String, String> interpreters) {
		this.interpreters = interpreters;
	}

	public List<String> getTrustedLocations() {
		return this.trustedLocations;
	}

	public void setTrustedLocations(List<String> trustedLocations) {
		this.trustedLocations = trustedLocations;
	}

	public Duration getTimeout() {
		return this.timeout;
	}

	public void setTimeout(Duration timeout) {
		this.timeout = timeout;
	}

	public DataSize getMaxOutput() {
		return this.maxOutput;
	}

	public void setMaxOutput(DataSize maxOutput) {
		this.maxOutput = maxOutput;
	}

	public int getMaxProcesses() {
		return this.maxProcesses;
	}

	public void setMaxProcesses(int maxProcesses) {
		this.maxProcesses = maxProcesses;
	}

	public DataSize getMaxMemory() {
		return this.maxMemory;
	}

	public void setMaxMemory(DataSize maxMemory) {
		this.maxMemory = maxMemory;
	}

	public DataSize getMaxWorkSize() {
		return this.maxWorkSize;
	}

	public void setMaxWorkSize(DataSize maxWorkSize) {
		this.maxWorkSize = maxWorkSize;
	}

	public int getMaxConcurrent() {
		return this.maxConcurrent;
	}

	public void setMaxConcurrent(int maxConcurrent) {
		this.maxConcurrent = maxConcurrent;
	}

}
