// The floor: a Swift program that imports Foundation and prints a date. Nothing can start faster.
import Foundation

print(Date())
