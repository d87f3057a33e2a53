import FaceBenchCLI

FaceBenchCLI.main()
